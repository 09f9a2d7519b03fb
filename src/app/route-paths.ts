/**
 * Every route of both spec documents (section 2 of each), as router patterns. Screens link with the
 * builders below instead of writing paths by hand. This module stays free of #shared/users.ts (and so
 * of zod), because the router imports it; the dashboards equal #shared/navigation.ts's constants
 * (pinned by tests/unit/app/route-paths.test.ts). The public paths live in public-paths.ts, which the
 * landing page's first load takes alone.
 */
export { publicPaths } from './public-paths.ts';

export const vendorPaths = {
  dashboard: '/vendor/dashboard',
  jobs: '/vendor/jobs',
  /** Today's visits and the open jobs nearby, on a map and as lists. */
  map: '/vendor/map',
  requestDetail: '/vendor/requests/:requestId',
  bids: '/vendor/bids',
  messages: '/vendor/messages',
  conversation: '/vendor/messages/:requestId',
  notifications: '/vendor/notifications',
  /** Writes made offline that wait for the server, or that it refused. */
  outbox: '/vendor/outbox',
  /** The floor plans and in-wall photos of a property the vendor works on (accepted bid). */
  propertyDocumentation: '/vendor/properties/:projectId/documentation',
  // The top bar's settings menu links to /vendor/settings, the sidebar to /vendor/settings/profile:
  // one screen (signed-in spec, route map).
  settings: '/vendor/settings',
  settingsProfile: '/vendor/settings/profile',
} as const;

export const managerPaths = {
  dashboard: '/property-manager/dashboard',
  requestDetail: '/property-manager/requests/:requestId',
  maintenance: '/property-manager/maintenance',
  maintenanceCreate: '/property-manager/maintenance/create',
  clientProperties: '/property-manager/client-properties/:clientId',
  documentation: '/property-manager/documentation',
  asbuilds: '/property-manager/:projectId/asbuilds',
  propertyHistory: '/property-manager/:projectId/history',
  vendors: '/property-manager/vendors',
  team: '/property-manager/team',
  /** Approval before work: the company's default limit, and each property's limits and owners. */
  owners: '/property-manager/owners',
  messages: '/property-manager/messages',
  notifications: '/property-manager/notifications',
  settingsProfile: '/property-manager/settings/profile',
} as const;

/** The staff area; everything under it belongs to the admin screens. */
export const ADMIN_ROUTE = '/admin/*';

/** The admin console's sections (src/app/admin/admin-sections.tsx), relative to /admin/. */
export const adminPaths = {
  applications: '/admin/applications',
  clients: '/admin/clients',
  users: '/admin/users',
  plans: '/admin/plans',
  inbox: '/admin/inbox',
  mail: '/admin/mail',
  /** Notification deliveries by email, SMS and push. */
  deliveries: '/admin/deliveries',
  /** The job queue: depth per kind, failed jobs. */
  jobs: '/admin/jobs',
  /** Superusers only. */
  auditLog: '/admin/audit-log',
} as const;

/** Areas behind the auth guard (signed-in spec, section 4). */
export const GUARDED_PREFIXES = ['/vendor', '/property-manager', '/admin'] as const;

export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const segment = (value: string | number) => encodeURIComponent(String(value));

export const vendorRequestPath = (requestId: string | number) => `/vendor/requests/${segment(requestId)}`;
export const managerRequestPath = (requestId: string | number) =>
  `/property-manager/requests/${segment(requestId)}`;
export const vendorConversationPath = (requestId: string | number) =>
  `/vendor/messages/${segment(requestId)}`;
/** A manager's thread with one vendor about a request: the messages page opens it beside the list. */
export const managerConversationPath = (requestId: string | number, vendorId: string | number) =>
  `/property-manager/messages?${new URLSearchParams({ request: String(requestId), vendor: String(vendorId) })}`;
export const asbuildsPath = (projectId: string | number) =>
  `/property-manager/${segment(projectId)}/asbuilds`;
export const vendorDocumentationPath = (projectId: string | number) =>
  `/vendor/properties/${segment(projectId)}/documentation`;
export const propertyHistoryPath = (projectId: string | number) =>
  `/property-manager/${segment(projectId)}/history`;
export const clientPropertiesPath = (clientId: string | number) =>
  `/property-manager/client-properties/${segment(clientId)}`;
export const setPasswordPath = (token: string) => `/set-password/${segment(token)}`;
export const managerApplicationSuccessPath = (id: string | number) =>
  `/property-manager-application/${segment(id)}/success`;
