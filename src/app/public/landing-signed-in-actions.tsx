import { Button, type MantineSize } from '@mantine/core';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { QueryScope } from '#app/lib/query-scope.tsx';
import { PageLink } from '#app/ui/page-link.tsx';
import { ownDashboardPath, VENDOR_DASHBOARD_PATH } from '#shared/navigation.ts';

/** Dashboard and Logout on the landing page while a token is stored (public spec, section 2). */
export function LandingSignedInActions(props: { size?: MantineSize; fullWidth?: boolean }) {
  return (
    <QueryScope>
      <SignedInActions {...props} />
    </QueryScope>
  );
}

function SignedInActions({ size = 'md', fullWidth = false }: { size?: MantineSize; fullWidth?: boolean }) {
  const { data } = useAuthStatus();
  // The public spec's Logout goes to /login; the portals' goes to / (use-sign-out.ts).
  const { signOut, pending } = useSignOut('/login');
  const user = userOf(data);
  // The prototype's Dashboard button always went to the vendor dashboard; once the user is known it
  // goes to their own (until then the guard corrects the vendor default for anyone else).
  const dashboard = user ? ownDashboardPath(user) : VENDOR_DASHBOARD_PATH;

  return (
    <>
      <Button component={PageLink} to={dashboard} size={size} fullWidth={fullWidth}>
        Dashboard
      </Button>
      <Button variant="default" size={size} fullWidth={fullWidth} onClick={signOut} loading={pending}>
        Logout
      </Button>
    </>
  );
}
