import { Button, Loader, type MantineSize } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useStoredToken } from '#app/lib/token-store.ts';
import { publicPaths } from '#app/route-paths.ts';

// Signed-in visitors need the auth-status call (and its zod schema); visitors without a token, the
// landing page's real audience, never download it.
const SignedInActions = lazy(() =>
  import('./landing-signed-in-actions.tsx').then((m) => ({ default: m.LandingSignedInActions })),
);

/** Login and Sign Up, or Dashboard and Logout while a token is stored (public spec, section 2). */
export function LandingAuthActions({
  size = 'sm',
  fullWidth = false,
}: {
  size?: MantineSize;
  fullWidth?: boolean;
}) {
  const token = useStoredToken();
  if (token) {
    return (
      <Suspense fallback={<Loader size="xs" aria-label="Loading account" />}>
        <SignedInActions size={size} fullWidth={fullWidth} />
      </Suspense>
    );
  }
  return (
    <>
      <Button component={Link} to={publicPaths.login} variant="default" size={size} fullWidth={fullWidth}>
        Login
      </Button>
      <Button component={Link} to={publicPaths.signup} size={size} fullWidth={fullWidth}>
        Sign Up
      </Button>
    </>
  );
}
