import { lazy, Suspense } from 'react';
import { useStoredToken } from '#app/lib/token-store.ts';
import { publicPaths } from '#app/public-paths.ts';
import { PageLink } from '#app/ui/page-link.tsx';
import { ButtonLabel, type ButtonSize, buttonLook } from './landing-button.tsx';

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
  size?: ButtonSize;
  fullWidth?: boolean;
}) {
  const token = useStoredToken();
  if (token) {
    return (
      <Suspense fallback={null}>
        <SignedInActions size={size} fullWidth={fullWidth} />
      </Suspense>
    );
  }
  return (
    <>
      <PageLink to={publicPaths.login} {...buttonLook({ variant: 'default', size, fullWidth })}>
        <ButtonLabel>Login</ButtonLabel>
      </PageLink>
      <PageLink to={publicPaths.signup} {...buttonLook({ size, fullWidth })}>
        <ButtonLabel>Sign Up</ButtonLabel>
      </PageLink>
    </>
  );
}
