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

  const signOut = useCallback(() => {
    mutate(undefined, {
      onSettled: async () => {
        // Leave the guarded area first (the landing screen is a lazy route: wait for it), else the
        // guard sees the token go and sends the visitor to /login (see RequireAuth).
        await navigate('/', { replace: true });
        clearToken();
        queryClient.clear();
      },
    });
  }, [mutate, navigate, queryClient]);

  return { signOut, pending: isPending };
}
