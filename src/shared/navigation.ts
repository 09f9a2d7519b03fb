// Type-only: the guards that read this are in a signed-in page's first load, which carries no zod.
import type { AuthUser } from './users.ts';

function isStaffUser(user: Pick<AuthUser, 'is_staff' | 'is_superuser'>): boolean {
  return user.is_staff || user.is_superuser;
}

export const ADMIN_PATH = '/admin/';
export const VENDOR_DASHBOARD_PATH = '/vendor/dashboard';
export const MANAGER_DASHBOARD_PATH = '/property-manager/dashboard';

/**
 * Where a user lands after login (public spec, section 4): staff to the admin site,
 * then by type; anything else to the landing page.
 */
export function postLoginPath(user: AuthUser | null): string {
  if (!user) return '/';
  if (isStaffUser(user)) return ADMIN_PATH;
  if (user.type === 'property_manager') return MANAGER_DASHBOARD_PATH;
  if (user.type === 'vendor') return VENDOR_DASHBOARD_PATH;
  return '/';
}

/** The signed-in user's own dashboard inside the PWA (the top bar's Dashboard button). */
export function ownDashboardPath(user: AuthUser | null): string {
  if (user?.type === 'property_manager') return MANAGER_DASHBOARD_PATH;
  if (user?.type === 'vendor') return VENDOR_DASHBOARD_PATH;
  if (user && isStaffUser(user)) return ADMIN_PATH;
  return '/';
}

/**
 * The guard rule (signed-in spec, section 4): staff may enter any guarded area; a property manager
 * outside /property-manager goes to its dashboard; a vendor outside /vendor to its dashboard; any
 * other type to /. Returns the path to redirect to, or null to let the visitor in.
 */
export function guardRedirect(user: AuthUser, pathname: string): string | null {
  if (isStaffUser(user)) return null;
  if (user.type === 'property_manager') {
    return isUnder(pathname, '/property-manager') ? null : MANAGER_DASHBOARD_PATH;
  }
  if (user.type === 'vendor') {
    return isUnder(pathname, '/vendor') ? null : VENDOR_DASHBOARD_PATH;
  }
  return '/';
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}
