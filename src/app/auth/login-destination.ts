import { isGuardedPath } from '#app/route-paths.ts';
import { ADMIN_PATH, guardRedirect, postLoginPath } from '#shared/navigation.ts';
import type { AuthUser } from '#shared/users.ts';
import type { ReturnLocation } from './return-location.ts';

export type LoginDestination =
  | { kind: 'navigate'; to: string }
  // Staff enter the admin site with a full page load (public spec, section 4).
  | { kind: 'full-page'; href: string };

/**
 * Where to go after login or when an already signed-in visitor opens /login: back to the guarded
 * location the guard interrupted if the guard would now let this user in, otherwise by role.
 */
export function loginDestination(user: AuthUser | null, from: ReturnLocation | null): LoginDestination {
  if (user && from && isGuardedPath(from.pathname) && guardRedirect(user, from.pathname) === null) {
    const target = `${from.pathname}${from.search}${from.hash}`;
    return isAdminPath(from.pathname)
      ? { kind: 'full-page', href: target }
      : { kind: 'navigate', to: target };
  }
  const path = postLoginPath(user);
  return path === ADMIN_PATH ? { kind: 'full-page', href: path } : { kind: 'navigate', to: path };
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
