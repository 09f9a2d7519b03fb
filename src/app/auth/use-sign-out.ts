import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearToken } from '#app/lib/token-store.ts';
import { useLogoutMutation } from './api.ts';

/**
 * Logout from the sidebar, the settings menu, the landing page and the admin page: end the server
 * session, then clear the token and every cached answer and go to `/` (signed-in spec, section 2).
 * The public spec says /login; one destination for every logout keeps it predictable (see
 * docs/architecture.md). Offline or with an expired session the local sign-out still happens.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const { mutate, isPending } = useLogoutMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    // Loaded on demand: it opens IndexedDB (Dexie), which the landing page's first load leaves out.
    // Should the chunk fail to load, signing out still works; the user's data stays in their own
    // database, which nobody else opens.
    const offline = await import('#app/offline/sign-out-guard.ts').catch(() => null);
    // Writes that have not reached the server are listed first; the user decides (issue 7).
    if (offline && !(await offline.confirmSignOutWithWaitingWrites())) return;
    mutate(undefined, {
      onSettled: async () => {
        // Leave the guarded area first (the landing screen is a lazy route: wait for it), else the
        // guard sees the token go and sends the visitor to /login (see RequireAuth).
        await navigate('/', { replace: true });
        // The user's cached data (IndexedDB, file caches) goes before anyone else can sign in.
        await offline?.clearOfflineDataAtSignOut().catch(() => undefined);
        clearToken();
        queryClient.clear();
      },
    });
  }, [mutate, navigate, queryClient]);

  return { signOut: () => void signOut(), pending: isPending };
}
