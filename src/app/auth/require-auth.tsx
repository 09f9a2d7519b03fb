import { useCallback, useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearToken } from '#app/lib/token-store.ts';
import { SignedInSkeleton } from '#app/ui/signed-in-skeleton.tsx';
import { authStatusFailed, useAuthStatus } from './api.ts';
import { decideGuard } from './guard-decision.ts';
import { returnLocationState } from './return-location.ts';
import { SessionOfflineNotice } from './session-offline-notice.tsx';

/**
 * The guard around the vendor, property-manager and admin areas (signed-in spec, section 4). The
 * server enforces permissions on every call; this only keeps visitors in the screens meant for them.
 */
export function RequireAuth() {
  const location = useLocation();
  const authStatus = useAuthStatus();
  const decision = decideGuard({
    token: authStatus.token,
    status: authStatus.status,
    data: authStatus.data,
    errorMeansSignedOut: authStatus.isError && authStatusFailed(authStatus.error),
    pathname: location.pathname,
  });

  // The answer arrives as a store update, which React renders at once in one task; the area's frame
  // and screen then render in slices that yield to the browser, over the skeleton (total
  // blocking time). Once allowed, later renders (navigation within the area) are not deferred.
  const allowed = useDeferredValue(decision.kind === 'allow');
  const { refetch } = authStatus;
  const askAgain = useCallback(() => void refetch(), [refetch]);
  const mustSignIn = decision.kind === 'login' && authStatus.token !== null;
  useEffect(() => {
    if (mustSignIn) clearToken();
  }, [mustSignIn]);

  switch (decision.kind) {
    case 'checking':
      // The same picture as the shell's HTML (src/app/prerender), so nothing jumps.
      return <SignedInSkeleton />;
    case 'login':
      // Logout moves to `/` before it clears the token, but the router commits the new screen as a
      // transition, after the token change re-renders this guard. When the address bar has already
      // left this location, the render is stale: let the pending navigation land instead of
      // bouncing to /login.
      if (window.location.pathname !== location.pathname) return null;
      return <Navigate to="/login" replace state={returnLocationState(location)} />;
    case 'offline':
      return <SessionOfflineNotice retrying={authStatus.isFetching} onRetry={askAgain} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'allow':
      return allowed ? <Outlet /> : <SignedInSkeleton />;
  }
}
