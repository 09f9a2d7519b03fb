import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closeUserSession, onWriteSettled, startUserSession } from '#app/offline/offline-session.ts';
import { roleOfUser } from '#shared/app-families.ts';
import { useAuthStatus, userOf } from './api.ts';
import { keepAppForSignedInRole } from './use-keep-app-offline.ts';

// Many writes settle in a burst when the phone comes back online: refresh the screens once after it.
const REFRESH_DELAY_MS = 400;

/**
 * Keeps the field database in step with the signed-in user: the server's answer for this token opens
 * that user's database (closing anyone else's first); no token closes it. Answers to queued writes
 * refresh the screens' queries.
 */
export function useOfflineSessionSync(): void {
  const { data, token } = useAuthStatus();
  const user = userOf(data);
  const userId = user?.id ?? null;
  const role = user ? roleOfUser(user) : null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (token && userId !== null) {
      // The role goes to the service worker after the session opened, which empties the caches of
      // a previous user of the device (the role they left among them).
      keepAppForSignedInRole(role, startUserSession(userId, token));
    } else if (!token) void closeUserSession();
  }, [token, userId, role]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onWriteSettled(() => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries();
      }, REFRESH_DELAY_MS);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient]);
}
