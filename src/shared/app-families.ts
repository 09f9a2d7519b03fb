// Type-only: the service worker and the build read this module, and neither carries zod.

import { ADMIN_PATH, MANAGER_DASHBOARD_PATH, VENDOR_DASHBOARD_PATH } from './navigation.ts';
import type { AuthUser } from './users.ts';

/**
 * The app's files fall into what a first visit precaches (the shell and the public pages) and the
 * families below, which the service worker stores only once a signed-in user of a role that opens
 * them is known (the page tells it; see sw/app-families.ts). The build names each precache entry's
 * families (scripts/precache-families.ts).
 *
 * - `signed-in`: what any signed-in area may load beyond the shell (the device database, the query
 *   persister, the as-builds viewer's static files, the 360 viewer);
 * - `vendor`, `manager`, `admin`: the screens of /vendor, /property-manager and /admin/ with all they load;
 * - `public`: what the public pages load only on use (a wizard's later steps, a dialog): no role
 *   stores them ahead, the worker keeps each once it was loaded.
 */
export const APP_FAMILIES = ['signed-in', 'vendor', 'manager', 'admin', 'public'] as const;
export type AppFamily = (typeof APP_FAMILIES)[number];

/** A precache entry as the build writes it into the worker: no `families` means the first visit's. */
export interface FamilyManifestEntry {
  url: string;
  revision: string | null;
  families?: AppFamily[];
}

/** The cache of the signed-in families' files (sw/app-families.ts). */
export const APP_FAMILIES_CACHE = 'fieldbid-app';

/**
 * The page's message "this role is signed in here: store its files": `{type, role, remember}`
 * (`remember: false` leaves the installed app's start as it is) with a port, on which the worker
 * answers `{ok}` once every file is stored (false when one could not be downloaded). Kept apart from
 * the other messages (offline-caches.ts), which every signed-in page's first load carries.
 */
export const KEEP_APP_MESSAGE = 'KEEP_APP_OFFLINE';

/** Whom the device serves: staff may enter every area (signed-in spec, section 4). */
export type SignedInRole = 'vendor' | 'manager' | 'staff';

export const ROLE_FAMILIES: Record<SignedInRole, readonly AppFamily[]> = {
  vendor: ['signed-in', 'vendor'],
  manager: ['signed-in', 'manager'],
  staff: ['signed-in', 'vendor', 'manager', 'admin'],
};

export function isSignedInRole(value: unknown): value is SignedInRole {
  return value === 'vendor' || value === 'manager' || value === 'staff';
}

/** The role of a signed-in user, as the login's destination decides it (staff first), or null. */
export function roleOfUser(user: Pick<AuthUser, 'type' | 'is_staff' | 'is_superuser'>): SignedInRole | null {
  if (user.is_staff || user.is_superuser) return 'staff';
  if (user.type === 'vendor') return 'vendor';
  if (user.type === 'property_manager') return 'manager';
  return null;
}

/** Where the installed app opens for a role: where its login lands (postLoginPath). */
export function roleHome(role: SignedInRole): string {
  if (role === 'staff') return ADMIN_PATH;
  return role === 'vendor' ? VENDOR_DASHBOARD_PATH : MANAGER_DASHBOARD_PATH;
}

/**
 * The installed app's start: the manifest's `start_url` is `/?source=pwa`. The service worker sends a
 * device with a signed-in user to that user's home, anyone else gets the landing page.
 */
export const START_SOURCE_PARAM = 'source';
export const START_SOURCE_VALUE = 'pwa';

export function isInstalledAppStart(url: URL): boolean {
  return url.pathname === '/' && url.searchParams.get(START_SOURCE_PARAM) === START_SOURCE_VALUE;
}
