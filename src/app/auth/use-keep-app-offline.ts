import { useEffect } from 'react';
import { roleOfUser, type SignedInRole } from '#shared/app-families.ts';
import { useAuthStatus, userOf } from './api.ts';

/**
 * Tells the service worker which role is signed in on this device, so it stores that role's screens
 * for offline use and the installed app opens the role's home (#app/offline/app-offline.ts). `after`
 * lets a caller send it once the user's device session has opened (which may empty the caches of a
 * previous user first).
 */
export function keepAppForSignedInRole(
  role: SignedInRole | null,
  after: Promise<unknown> = Promise.resolve(),
) {
  const settled = after.catch(() => undefined);
  if (!role) return;
  void settled
    .then(() => import('#app/offline/app-offline.ts'))
    .then((m) => m.keepAppOffline(role))
    .catch(() => undefined);
}

/** For a signed-in area without the top bar (the staff console): the role of the signed-in user. */
export function useKeepAppOffline(): void {
  const user = userOf(useAuthStatus().data);
  const role = user ? roleOfUser(user) : null;
  useEffect(() => keepAppForSignedInRole(role), [role]);
}
