import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ADMIN_ROUTE, managerPaths, publicPaths, vendorPaths } from './route-paths.ts';
import { CenteredLoader } from './ui/centered-loader.tsx';
import { RouteError } from './ui/route-error.tsx';

/**
 * Every screen is its own chunk, loaded when its route is first visited, so the landing page's
 * first load carries only React, the router, Mantine and TanStack Query.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const authLayout = lazyScreen(
  () => import('./layouts/auth-layout.tsx'),
  (m) => m.AuthLayout,
);
const publicPageLayout = lazyScreen(
  () => import('./layouts/public-page-layout.tsx'),
  (m) => m.PublicPageLayout,
);
const requestDetail = lazyScreen(
  () => import('./requests/request-detail-page.tsx'),
  (m) => m.RequestDetailPage,
);
const messages = lazyScreen(
  () => import('./messages/messages-page.tsx'),
  (m) => m.MessagesPage,
);
const notifications = lazyScreen(
  () => import('./notifications/notifications-page.tsx'),
  (m) => m.NotificationsPage,
);
const settings = lazyScreen(
  () => import('./settings/settings-page.tsx'),
  (m) => m.SettingsPage,
);

const vendorRoutes: RouteObject[] = [
  {
    path: vendorPaths.dashboard,
    lazy: lazyScreen(
      () => import('./vendor/vendor-dashboard-page.tsx'),
      (m) => m.VendorDashboardPage,
    ),
  },
  {
    path: vendorPaths.jobs,
    lazy: lazyScreen(
      () => import('./requests/available-jobs-page.tsx'),
      (m) => m.AvailableJobsPage,
    ),
  },
  { path: vendorPaths.requestDetail, lazy: requestDetail },
  {
    path: vendorPaths.bids,
    lazy: lazyScreen(
      () => import('./bids/my-bids-page.tsx'),
      (m) => m.MyBidsPage,
    ),
  },
  { path: vendorPaths.messages, lazy: messages },
  {
    path: vendorPaths.conversation,
    lazy: lazyScreen(
      () => import('./messages/conversation-page.tsx'),
      (m) => m.ConversationPage,
    ),
  },
  { path: vendorPaths.notifications, lazy: notifications },
  {
    path: vendorPaths.outbox,
    lazy: lazyScreen(
      () => import('./offline/outbox-page.tsx'),
      (m) => m.OutboxPage,
    ),
  },
  {
    path: vendorPaths.propertyDocumentation,
    lazy: lazyScreen(
      () => import('./vendor/property-documentation-page.tsx'),
      (m) => m.PropertyDocumentationPage,
    ),
  },
  { path: vendorPaths.settings, lazy: settings },
  { path: vendorPaths.settingsProfile, lazy: settings },
];

const managerRoutes: RouteObject[] = [
  {
    path: managerPaths.dashboard,
    lazy: lazyScreen(
      () => import('./manager/manager-dashboard-page.tsx'),
      (m) => m.ManagerDashboardPage,
    ),
  },
  { path: managerPaths.requestDetail, lazy: requestDetail },
  {
    path: managerPaths.maintenance,
    lazy: lazyScreen(
      () => import('./requests/maintenance-requests-page.tsx'),
      (m) => m.MaintenanceRequestsPage,
    ),
  },
  {
    path: managerPaths.maintenanceCreate,
    lazy: lazyScreen(
      () => import('./requests/create-request-page.tsx'),
      (m) => m.CreateRequestPage,
    ),
  },
  {
    path: managerPaths.clientProperties,
    lazy: lazyScreen(
      () => import('./manager/client-properties-page.tsx'),
      (m) => m.ClientPropertiesPage,
    ),
  },
  {
    path: managerPaths.documentation,
    lazy: lazyScreen(
      () => import('./asbuilds/documentation-page.tsx'),
      (m) => m.DocumentationPage,
    ),
  },
  {
    path: managerPaths.asbuilds,
    lazy: lazyScreen(
      () => import('./asbuilds/asbuilds-page.tsx'),
      (m) => m.AsbuildsPage,
    ),
  },
  {
    path: managerPaths.propertyHistory,
    lazy: lazyScreen(
      () => import('./manager/maintenance-history-page.tsx'),
      (m) => m.MaintenanceHistoryPage,
    ),
  },
  {
    path: managerPaths.vendors,
    lazy: lazyScreen(
      () => import('./manager/vendors-page.tsx'),
      (m) => m.VendorsPage,
    ),
  },
  {
    path: managerPaths.team,
    lazy: lazyScreen(
      () => import('./manager/team-page.tsx'),
      (m) => m.TeamPage,
    ),
  },
  { path: managerPaths.messages, lazy: messages },
  { path: managerPaths.notifications, lazy: notifications },
  { path: managerPaths.settingsProfile, lazy: settings },
];

const authPageRoutes: RouteObject[] = [
  {
    path: publicPaths.login,
    lazy: lazyScreen(
      () => import('./auth/login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: publicPaths.signup,
    lazy: lazyScreen(
      () => import('./auth/signup-page.tsx'),
      (m) => m.SignupPage,
    ),
  },
  {
    path: publicPaths.resetPassword,
    lazy: lazyScreen(
      () => import('./auth/reset-password-page.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: publicPaths.resetPasswordConfirm,
    lazy: lazyScreen(
      () => import('./auth/reset-password-confirm-page.tsx'),
      (m) => m.ResetPasswordConfirmPage,
    ),
  },
  {
    path: publicPaths.setPassword,
    lazy: lazyScreen(
      () => import('./auth/set-password-page.tsx'),
      (m) => m.SetPasswordPage,
    ),
  },
  {
    path: publicPaths.verificationSent,
    lazy: lazyScreen(
      () => import('./auth/verification-sent-page.tsx'),
      (m) => m.VerificationSentPage,
    ),
  },
  {
    path: publicPaths.confirmEmail,
    lazy: lazyScreen(
      () => import('./auth/confirm-email-page.tsx'),
      (m) => m.ConfirmEmailPage,
    ),
  },
];

const publicPageRoutes: RouteObject[] = [
  {
    path: publicPaths.managerApplication,
    lazy: lazyScreen(
      () => import('./onboarding/manager-application-page.tsx'),
      (m) => m.ManagerApplicationPage,
    ),
  },
  {
    path: publicPaths.managerApplicationSuccess,
    lazy: lazyScreen(
      () => import('./onboarding/manager-application-success-page.tsx'),
      (m) => m.ManagerApplicationSuccessPage,
    ),
  },
  {
    path: publicPaths.vendorApplication,
    lazy: lazyScreen(
      () => import('./onboarding/vendor-application-page.tsx'),
      (m) => m.VendorApplicationPage,
    ),
  },
  {
    path: publicPaths.vendorApplicationSuccess,
    lazy: lazyScreen(
      () => import('./onboarding/vendor-application-success-page.tsx'),
      (m) => m.VendorApplicationSuccessPage,
    ),
  },
  {
    path: publicPaths.panorama,
    lazy: lazyScreen(
      () => import('./panorama/panorama-page.tsx'),
      (m) => m.PanoramaPage,
    ),
  },
  {
    path: publicPaths.privacyPolicy,
    lazy: lazyScreen(
      () => import('./public/privacy-policy-page.tsx'),
      (m) => m.PrivacyPolicyPage,
    ),
  },
  {
    path: publicPaths.termsOfService,
    lazy: lazyScreen(
      () => import('./public/terms-of-service-page.tsx'),
      (m) => m.TermsOfServicePage,
    ),
  },
  {
    path: publicPaths.scheduleVisit,
    lazy: lazyScreen(
      () => import('./public/schedule-visit-page.tsx'),
      (m) => m.ScheduleVisitPage,
    ),
  },
];

/** The whole route tree (both spec documents, section 2). Paths are absolute: see route-paths.ts. */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <CenteredLoader />,
    children: [
      {
        path: publicPaths.landing,
        lazy: lazyScreen(
          () => import('./public/landing-page.tsx'),
          (m) => m.LandingPage,
        ),
      },
      { lazy: authLayout, children: authPageRoutes },
      { lazy: publicPageLayout, children: publicPageRoutes },
      {
        // One guard for the three signed-in areas: the rule itself looks at the path (guard-decision.ts).
        lazy: lazyScreen(
          () => import('./auth/require-auth.tsx'),
          (m) => m.RequireAuth,
        ),
        children: [
          {
            lazy: lazyScreen(
              () => import('./layouts/vendor-layout.tsx'),
              (m) => m.VendorLayout,
            ),
            children: vendorRoutes,
          },
          {
            lazy: lazyScreen(
              () => import('./layouts/manager-layout.tsx'),
              (m) => m.ManagerLayout,
            ),
            children: managerRoutes,
          },
          {
            path: ADMIN_ROUTE,
            lazy: lazyScreen(
              () => import('./admin/admin-page.tsx'),
              (m) => m.AdminPage,
            ),
          },
        ],
      },
      // Unknown paths go to the landing page (both spec documents, section 2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
