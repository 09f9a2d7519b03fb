import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { applicationReviewRoutes } from '#server/admin/application-review-routes.ts';
import { auditLogRoutes } from '#server/admin/audit-log-routes.ts';
import { clientAdminRoutes } from '#server/admin/client-admin-routes.ts';
import { deliveryAdminRoutes } from '#server/admin/delivery-admin-routes.ts';
import { inboxRoutes } from '#server/admin/inbox-routes.ts';
import { inboxVisitRoutes } from '#server/admin/inbox-visit-routes.ts';
import { jobQueueAdminRoutes } from '#server/admin/job-queue-admin-routes.ts';
import { adminMailRoutes } from '#server/admin/mail-routes.ts';
import { planAdminRoutes } from '#server/admin/plan-admin-routes.ts';
import { userAdminRoutes } from '#server/admin/user-admin-routes.ts';
import { managerApplicationRoutes } from '#server/applications/manager-application-routes.ts';
import { vendorApplicationRoutes } from '#server/applications/vendor-application-routes.ts';
import { apiKeyRoutes } from '#server/auth/api-key-routes.ts';
import { apiKeyScopePlugin } from '#server/auth/api-key-scope.ts';
import { authContextPlugin } from '#server/auth/auth-context.ts';
import { authRoutes } from '#server/auth/auth-routes.ts';
import { csrfPlugin } from '#server/auth/csrf.ts';
import { passwordRoutes } from '#server/auth/password-routes.ts';
import { bidRoutes } from '#server/bids/bid-routes.ts';
import { changeFeedPlugin } from '#server/cache/change-feed-plugin.ts';
import type { Config } from '#server/config/config.ts';
import { contactRoutes } from '#server/contact/contact-routes.ts';
import { visitRequestRoutes } from '#server/contact/visit-request-routes.ts';
import type { Database, Db } from '#server/db/database.ts';
import { documentationRoutes } from '#server/documentation/documentation-routes.ts';
import { layoutShareRoutes } from '#server/documentation/layout-share-routes.ts';
import { fileRoutes } from '#server/files/file-routes.ts';
import { healthRoutes } from '#server/health/health-routes.ts';
import { housekeepingPlugin } from '#server/housekeeping/housekeeping-plugin.ts';
import { acceptEmptyJsonBodies } from '#server/http/empty-json-body.ts';
import { registerErrorHandling } from '#server/http/error-handler.ts';
import { registerZodSchemas } from '#server/http/route-schemas.ts';
import { registerSecurityHeaders } from '#server/http/security-headers.ts';
import { lifecycleRoutes } from '#server/lifecycle/lifecycle-routes.ts';
import { mailPlugin } from '#server/mail/mail-plugin.ts';
import { managerRoutes } from '#server/manager/manager-routes.ts';
import { messageRoutes } from '#server/messages/message-routes.ts';
import { type DeliveryPluginOptions, deliveryPlugin } from '#server/notifications/delivery-plugin.ts';
import { notificationRoutes } from '#server/notifications/notification-routes.ts';
import { notificationSettingsRoutes } from '#server/notifications/notification-settings-routes.ts';
import { phoneVerificationRoutes } from '#server/notifications/phone-verification-routes.ts';
import { unsubscribeRoutes } from '#server/notifications/unsubscribe-routes.ts';
import { registerOpenApi } from '#server/openapi/openapi-plugin.ts';
import { ownerApprovalPlugin } from '#server/owner-approval/owner-approval-plugin.ts';
import { registerSpa } from '#server/pages/spa.ts';
import { viewerAssetRoutes } from '#server/pages/viewer-asset-routes.ts';
import { panoramaDemoRoutes } from '#server/panorama/panorama-demo-routes.ts';
import { checkoutRoutes } from '#server/payments/checkout-routes.ts';
import { paymentsPlugin } from '#server/payments/payments-plugin.ts';
import { stripeWebhookRoutes } from '#server/payments/stripe-webhook-routes.ts';
import { subscriptionSuccessRoutes } from '#server/payments/subscription-success-routes.ts';
import { planRoutes } from '#server/plans/plan-routes.ts';
import { insuranceReminderPlugin } from '#server/profile/insurance-reminders.ts';
import { profileRoutes } from '#server/profile/profile-routes.ts';
import { projectPortalRoutes } from '#server/projects/project-portal-routes.ts';
import { userProjectRoutes } from '#server/projects/user-project-routes.ts';
import { pushSubscriptionRoutes } from '#server/push/push-subscription-routes.ts';
import { type RealtimeOptions, realtimePlugin } from '#server/realtime/realtime-plugin.ts';
import { newJobAnnouncementPlugin } from '#server/requests/new-job-announcements.ts';
import { requestCreateRoutes } from '#server/requests/request-create-routes.ts';
import { requestRoutes } from '#server/requests/request-routes.ts';
import type { JobQueueOptions } from '#server/schedule/job-queue.ts';
import { jobQueuePlugin } from '#server/schedule/job-queue-plugin.ts';
import { smsInboundRoutes } from '#server/sms/sms-inbound-routes.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { storagePlugin } from '#server/storage/storage-plugin.ts';
import { vendorDashboardRoutes } from '#server/vendor-dashboard/vendor-dashboard-routes.ts';
import { vendorListRoutes } from '#server/vendors/vendor-list-routes.ts';
import { visitRoutes } from '#server/visits/visit-routes.ts';
import { workQueueRoutes } from '#server/work-queue/work-queue-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shorthand for database.db: the Drizzle handle every resource module uses. */
    db: Db;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** A pino logger; tests pass none and get a silent app. */
  logger?: Logger;
  /** Run the outbox sender loop (default true); tests may turn it off and call app.flushMail(). */
  mailSender?: boolean;
  /**
   * Notification deliveries (email, SMS, push): `runSender: false` stops the background sender and
   * the insurance check (tests call app.flushDeliveries() and app.remindOfInsuranceExpiry()); tests
   * may also pass an SMS transport and the HTTPS agent for a local push service.
   */
  deliveries?: DeliveryPluginOptions;
  /**
   * Write the 'new_job' notices on the job queue (default true); tests may turn it off and call
   * app.announceNewJobs().
   */
  announcements?: boolean;
  /** The event stream's heartbeat (tests shorten it). */
  realtime?: RealtimeOptions;
  /** The job queue's clocks (tests shorten the cron check); the defaults otherwise. */
  jobs?: JobQueueOptions;
  /** Where files go; local disk under DATA_DIR/files by default. */
  files?: FileStore;
  /** Told of every route as it is added: the authorization matrix test reads the route table this way. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server without listening: main.ts listens, tests call inject() or listen on port 0. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Only the configured number of proxy hops may name the client address; a forged
    // X-Forwarded-For from the client itself is ignored.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  registerSecurityHeaders(app);
  // Route schemas are zod (src/shared); the OpenAPI document learns every route declared after this.
  registerZodSchemas(app);
  await registerOpenApi(app);
  await app.register(fastifyCookie);
  await app.register(changeFeedPlugin);
  await app.register(authContextPlugin);
  await app.register(apiKeyScopePlugin);
  await app.register(csrfPlugin);
  await app.register(jobQueuePlugin, options.jobs ?? {});
  await app.register(mailPlugin, { runSender: options.mailSender ?? true });
  await app.register(storagePlugin, { store: options.files });
  await app.register(housekeepingPlugin);
  await app.register(paymentsPlugin);
  await app.register(realtimePlugin, options.realtime ?? {});
  await app.register(deliveryPlugin, options.deliveries ?? {});
  await app.register(insuranceReminderPlugin, { run: options.deliveries?.runSender });
  await app.register(newJobAnnouncementPlugin, { run: options.announcements });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(contactRoutes);
  await app.register(visitRequestRoutes);
  await app.register(planRoutes);
  await app.register(managerApplicationRoutes);
  await app.register(vendorApplicationRoutes);
  await app.register(checkoutRoutes);
  await app.register(subscriptionSuccessRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(adminMailRoutes);
  await app.register(planAdminRoutes);
  await app.register(applicationReviewRoutes);
  await app.register(clientAdminRoutes);
  await app.register(inboxRoutes);
  await app.register(inboxVisitRoutes);
  await app.register(userAdminRoutes);
  await app.register(auditLogRoutes);
  await app.register(requestRoutes);
  await app.register(requestCreateRoutes);
  await app.register(fileRoutes);
  await app.register(bidRoutes);
  // Before the award route, which asks its gate (lifecycle/award-gate.ts).
  await app.register(ownerApprovalPlugin, { run: options.deliveries?.runSender });
  await app.register(lifecycleRoutes);
  await app.register(visitRoutes);
  await app.register(managerRoutes);
  await app.register(workQueueRoutes);
  await app.register(projectPortalRoutes);
  await app.register(documentationRoutes);
  await app.register(layoutShareRoutes);
  await app.register(vendorListRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationSettingsRoutes);
  await app.register(phoneVerificationRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(pushSubscriptionRoutes);
  await app.register(smsInboundRoutes);
  await app.register(deliveryAdminRoutes);
  await app.register(jobQueueAdminRoutes);
  await app.register(profileRoutes);
  await app.register(userProjectRoutes);
  await app.register(vendorDashboardRoutes);
  await app.register(apiKeyRoutes);
  await app.register(panoramaDemoRoutes);

  await app.register(viewerAssetRoutes, { dir: config.staticDir });
  await registerSpa(app, config.staticDir);
  return app;
}
