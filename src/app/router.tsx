import { type ComponentType, useState } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  type Path,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router-dom';
import { useSessionExpiryHandler } from './auth/session-expiry.ts';
import { ADMIN_ROUTE, managerPaths, publicPaths, vendorPaths } from './route-paths.ts';
import { preloadableLazy } from './ui/preloadable-lazy.ts';
import { RouteErrorBoundary } from './ui/route-error.tsx';
import { renderBothLayouts } from './ui/use-wide-from.ts';

/** The modules routes render, each loaded when its route is first visited (its own chunk). */
const routeModules = import.meta.glob<Record<string, unknown>>([
  './*/*-page.tsx',
  './layouts/*-layout.tsx',
  './auth/require-auth.tsx',
]);

/** What a route knows of the module behind it: the build's prerenderer and the start read `handle`. */
export interface RouteModuleHandle {
  /** The module's path relative to src/app, as in the build's manifest (`src/app/...`). */
  module: string;
  /** Loads the module, after which its screen renders at once (no suspending). */
  preload: () => Promise<void>;
}

/**
 * A route's screen: the module's chunk is loaded when the route is first visited, so the first load
 * carries only what the route needs. The prerenderer (src/app/prerender) finds each page's chunks,
 * and so its stylesheets, through `handle.module`. A screen still loading suspends the navigation,
 * which the router makes a transition: the page shown stays until the next one is ready. (No Suspense
 * boundary on the way: a hydration leaves a boundary's content for a pass of its own, after the
 * page's commit, which unpins the dates the server wrote and lets the viewport's width go.)
 */
function screen(path: string, exportName: string): Pick<RouteObject, 'Component' | 'handle'> {
  const load = routeModules[path];
  if (!load) throw new Error(`no route module ${path}`);
  const Screen = preloadableLazy(async () => {
    const Component = (await load())[exportName];
    if (typeof Component !== 'function') throw new Error(`${path} exports no ${exportName}`);
    return Component as ComponentType;
  });
  const handle: RouteModuleHandle = { module: `src/app/${path.slice(2)}`, preload: Screen.preload };
  return { Component: Screen, handle };
}

/**
 * The root of every route: a screen whose chunk fails to load, or that throws while rendering, shows
 * the error screen.
 */
function RootRoute() {
  const location = useLocation();
  const [firstLocation] = useState(location);
  useSessionExpiryHandler();
  // Both layouts are rendered for the first location only, as the server rendered it. Cleared while
  // rendering, before the next screen's parts read it as they mount (idempotent, so safe to repeat).
  if (location !== firstLocation) renderBothLayouts(false);
  return (
    <RouteErrorBoundary location={location}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

const authLayout = screen('./layouts/auth-layout.tsx', 'AuthLayout');
const publicPageLayout = screen('./layouts/public-page-layout.tsx', 'PublicPageLayout');
const requestDetail = screen('./requests/request-detail-page.tsx', 'RequestDetailPage');
const messages = screen('./messages/messages-page.tsx', 'MessagesPage');
const notifications = screen('./notifications/notifications-page.tsx', 'NotificationsPage');
const settings = screen('./settings/settings-page.tsx', 'SettingsPage');

const vendorRoutes: RouteObject[] = [
  {
    path: vendorPaths.dashboard,
    ...screen('./vendor/vendor-dashboard-page.tsx', 'VendorDashboardPage'),
  },
  {
    path: vendorPaths.jobs,
    ...screen('./requests/available-jobs-page.tsx', 'AvailableJobsPage'),
  },
  { path: vendorPaths.requestDetail, ...requestDetail },
  {
    path: vendorPaths.map,
    ...screen('./vendor/vendor-map-page.tsx', 'VendorMapPage'),
  },
  {
    path: vendorPaths.bids,
    ...screen('./bids/my-bids-page.tsx', 'MyBidsPage'),
  },
  { path: vendorPaths.messages, ...messages },
  {
    path: vendorPaths.conversation,
    ...screen('./messages/conversation-page.tsx', 'ConversationPage'),
  },
  { path: vendorPaths.notifications, ...notifications },
  {
    path: vendorPaths.outbox,
    ...screen('./outbox/outbox-page.tsx', 'OutboxPage'),
  },
  {
    path: vendorPaths.propertyDocumentation,
    ...screen('./vendor/property-documentation-page.tsx', 'PropertyDocumentationPage'),
  },
  { path: vendorPaths.settings, ...settings },
  { path: vendorPaths.settingsProfile, ...settings },
];

const managerRoutes: RouteObject[] = [
  {
    path: managerPaths.dashboard,
    ...screen('./manager/manager-dashboard-page.tsx', 'ManagerDashboardPage'),
  },
  { path: managerPaths.requestDetail, ...requestDetail },
  {
    path: managerPaths.maintenance,
    ...screen('./requests/maintenance-requests-page.tsx', 'MaintenanceRequestsPage'),
  },
  {
    path: managerPaths.maintenanceCreate,
    ...screen('./requests/create-request-page.tsx', 'CreateRequestPage'),
  },
  {
    path: managerPaths.clientProperties,
    ...screen('./manager/client-properties-page.tsx', 'ClientPropertiesPage'),
  },
  {
    path: managerPaths.documentation,
    ...screen('./asbuilds/documentation-page.tsx', 'DocumentationPage'),
  },
  {
    path: managerPaths.asbuilds,
    ...screen('./asbuilds/asbuilds-page.tsx', 'AsbuildsPage'),
  },
  {
    path: managerPaths.propertyHistory,
    ...screen('./manager/maintenance-history-page.tsx', 'MaintenanceHistoryPage'),
  },
  {
    path: managerPaths.vendors,
    ...screen('./manager/vendors-page.tsx', 'VendorsPage'),
  },
  {
    path: managerPaths.team,
    ...screen('./manager/team-page.tsx', 'TeamPage'),
  },
  {
    path: managerPaths.owners,
    ...screen('./manager/owners-limits-page.tsx', 'OwnersLimitsPage'),
  },
  { path: managerPaths.messages, ...messages },
  { path: managerPaths.notifications, ...notifications },
  { path: managerPaths.settingsProfile, ...settings },
];

const authPageRoutes: RouteObject[] = [
  {
    path: publicPaths.login,
    ...screen('./auth/login-page.tsx', 'LoginPage'),
  },
  {
    path: publicPaths.signup,
    ...screen('./auth/signup-page.tsx', 'SignupPage'),
  },
  {
    path: publicPaths.resetPassword,
    ...screen('./auth/reset-password-page.tsx', 'ResetPasswordPage'),
  },
  {
    path: publicPaths.resetPasswordConfirm,
    ...screen('./auth/reset-password-confirm-page.tsx', 'ResetPasswordConfirmPage'),
  },
  {
    path: publicPaths.setPassword,
    ...screen('./auth/set-password-page.tsx', 'SetPasswordPage'),
  },
  {
    path: publicPaths.verificationSent,
    ...screen('./auth/verification-sent-page.tsx', 'VerificationSentPage'),
  },
  {
    path: publicPaths.confirmEmail,
    ...screen('./auth/confirm-email-page.tsx', 'ConfirmEmailPage'),
  },
];

const publicPageRoutes: RouteObject[] = [
  {
    path: publicPaths.managerApplication,
    ...screen('./onboarding/manager-application-page.tsx', 'ManagerApplicationPage'),
  },
  {
    path: publicPaths.managerApplicationSuccess,
    ...screen('./onboarding/manager-application-success-page.tsx', 'ManagerApplicationSuccessPage'),
  },
  {
    path: publicPaths.vendorApplication,
    ...screen('./onboarding/vendor-application-page.tsx', 'VendorApplicationPage'),
  },
  {
    path: publicPaths.vendorApplicationSuccess,
    ...screen('./onboarding/vendor-application-success-page.tsx', 'VendorApplicationSuccessPage'),
  },
  {
    path: publicPaths.panorama,
    ...screen('./panorama/panorama-page.tsx', 'PanoramaPage'),
  },
  {
    path: publicPaths.privacyPolicy,
    ...screen('./public/privacy-policy-page.tsx', 'PrivacyPolicyPage'),
  },
  {
    path: publicPaths.termsOfService,
    ...screen('./public/terms-of-service-page.tsx', 'TermsOfServicePage'),
  },
  {
    path: publicPaths.scheduleVisit,
    ...screen('./public/schedule-visit-page.tsx', 'ScheduleVisitPage'),
  },
  {
    path: publicPaths.ownerApproval,
    ...screen('./public/owner-approval-page.tsx', 'OwnerApprovalPage'),
  },
];

/** The whole route tree (both spec documents, section 2). Paths are absolute: see route-paths.ts. */
export const appRoutes: RouteObject[] = [
  {
    Component: RootRoute,
    children: [
      {
        path: publicPaths.landing,
        ...screen('./public/landing-page.tsx', 'LandingPage'),
      },
      { ...authLayout, children: authPageRoutes },
      { ...publicPageLayout, children: publicPageRoutes },
      {
        // One guard for the three signed-in areas: the rule itself looks at the path (guard-decision.ts).
        ...screen('./auth/require-auth.tsx', 'RequireAuth'),
        children: [
          {
            ...screen('./layouts/vendor-layout.tsx', 'VendorLayout'),
            children: vendorRoutes,
          },
          {
            ...screen('./layouts/manager-layout.tsx', 'ManagerLayout'),
            children: managerRoutes,
          },
          {
            path: ADMIN_ROUTE,
            ...screen('./admin/admin-page.tsx', 'AdminPage'),
          },
        ],
      },
      // Unknown paths go to the landing page (both spec documents, section 2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The routes' tree for a location: inside the browser's router, or the build's and server's static one. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Loads the screens a location renders, so that its first render (a hydration above all: a screen
 * still loading would replace the server's HTML with the loader) has them at once. Returns their
 * modules, as in the build's manifest.
 */
export async function loadScreensFor(location: string | Partial<Path>): Promise<string[]> {
  const handles = (matchRoutes(appRoutes, location) ?? []).flatMap(({ route }) =>
    route.handle ? [route.handle as RouteModuleHandle] : [],
  );
  await Promise.all(handles.map((handle) => handle.preload()));
  return handles.map((handle) => handle.module);
}
