import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useStoredToken } from '#app/lib/token-store.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';

// Signed-in visitors need the auth-status call (and its zod schema); visitors without a token, the
// landing page's real audience, never download it.
const SignedInActions = lazy(() =>
  import('./landing-signed-in-actions.tsx').then((m) => ({ default: m.LandingSignedInActions })),
);

/**
 * `/` for now: name, one sentence and the way in. The full landing page (sections, demo dialog,
 * contact form, cookie banner) is a later issue.
 */
export function LandingPage() {
  useDocumentTitle('FieldBid');
  const token = useStoredToken();

  return (
    <Container size="sm" component="main">
      <Stack mih="100dvh" justify="center" align="center" ta="center" gap="lg" py="xl">
        <FieldBidLogo size={56} withWordmark={false} />
        <Title order={1}>FieldBid</Title>
        <Text size="lg" c="dimmed" maw={520}>
          FieldBid connects property managers with trusted maintenance vendors: requests, bids, messages and
          in-wall photo documentation in one place.
        </Text>
        <Group mih={42}>
          {token ? (
            <Suspense fallback={<Loader size="sm" />}>
              <SignedInActions />
            </Suspense>
          ) : (
            <>
              <Button component={Link} to="/login" variant="default" size="md">
                Login
              </Button>
              <Button component={Link} to="/signup" size="md">
                Sign Up
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
