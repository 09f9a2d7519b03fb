import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearToken } from '#app/lib/token-store.ts';
import { usePageNavigate } from '#app/ui/page-link.tsx';
import { useLogoutMutation } from './api.ts';

/**
 * Where a logout ends: `/` from the portals and the admin page (signed-in spec, section 2), `/login`
 * from the landing page (public spec, section 4: "Logout clears it and goes to /login").
 */
export type SignOutDestination = '/' | '/login';

/**
 * Logout from the sidebar, the settings menu, the landing page and the admin page: end the server
 * session, then clear the token and every cached answer and go to `destination` (see
 * docs/decisions/where-the-spec-is-silent.md). Offline or with an expired session the local sign-out still happens.
 * `/login` is for pages outside the guarded areas only: the token goes before the move there, since
 * the login screen sends a visitor who still holds one straight back to their dashboard.
 */
export function useSignOut(destination: SignOutDestination = '/'): { signOut: () => void; pending: boolean } {
  const { mutate, isPending } = useLogoutMutation();
  const queryClient = useQueryClient();
  // The router's navigate in the app; a page load on the landing page's own root.
  const navigate = usePageNavigate();

  const signOut = useCallback(async () => {
    // Loaded on demand: it opens IndexedDB (Dexie), which the landing page's first load leaves out.
    // Should the chunk fail to load, signing out still works; the user's data stays in their own
    // database, which nobody else opens.
    const offline = await import('#app/offline/sign-out-guard.ts').catch(() => null);
    // Writes that have not reached the server are listed first; the user decides.
    if (offline && !(await offline.confirmSignOutWithWaitingWrites())) return;
    mutate(undefined, {
      onSettled: async () => {
        // Leave the guarded area first (the landing screen is a lazy route: wait for it), else the
        // guard sees the token go and sends the visitor to /login (see RequireAuth).
        if (destination === '/') await navigate('/', { replace: true });
        // The user's cached data (IndexedDB, file caches) goes before anyone else can sign in.
        await offline?.clearOfflineDataAtSignOut().catch(() => undefined);
        clearToken();
        queryClient.clear();
        if (destination === '/login') await navigate('/login', { replace: true });
      },
    });
  }, [mutate, navigate, queryClient, destination]);

  return { signOut: () => void signOut(), pending: isPending };
}
