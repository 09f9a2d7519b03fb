import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router-dom';
import { setUnauthorizedHandler } from '#app/lib/api-client.ts';
import { clearToken } from '#app/lib/token-store.ts';
import { returnLocationState } from './return-location.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * A 401 on a guarded call means the session ended (expired, logged out elsewhere): clear the token and
 * the cached data and go to /login, keeping where the user was (signed-in spec, section 8).
 */
export function installSessionExpiryHandler(router: AppRouter, queryClient: QueryClient): void {
  setUnauthorizedHandler(() => {
    const { location } = router.state;
    clearToken();
    if (location.pathname !== '/login') {
      void router.navigate('/login', { replace: true, state: returnLocationState(location) });
    }
    queryClient.removeQueries();
  });
}
