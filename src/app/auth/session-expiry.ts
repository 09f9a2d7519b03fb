import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '#app/lib/api-client.ts';
import { clearToken } from '#app/lib/token-store.ts';
import { returnLocationState } from './return-location.ts';

/**
 * A 401 on a guarded call means the session ended (expired, logged out elsewhere): clear the token and
 * the cached data and go to /login, keeping where the user was (signed-in spec, section 8). Mounted
 * once, at the routes' root, for as long as the app runs.
 */
export function useSessionExpiryHandler(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearToken();
      if (location.pathname !== '/login') {
        void navigate('/login', { replace: true, state: returnLocationState(location) });
      }
      queryClient.removeQueries();
    });
    return () => setUnauthorizedHandler(null);
  }, [location, navigate, queryClient]);
}
