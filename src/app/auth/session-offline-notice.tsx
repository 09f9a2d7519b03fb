import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** How often the notice asks the server again while the browser says it is online. */
export const ASK_AGAIN_MS = 5_000;

/**
 * The guard's answer when the app opens without a connection before this device kept the signed-in
 * user (guard-decision.ts, `offline`): still signed in, nothing kept is lost, and the area opens once
 * the server answers: asked again when the browser says it is back online, every few seconds while
 * it says so, or now with the button. (TanStack Query's own reconnect refetch misses this case: a page
 * loaded offline never saw the `offline` event, so to its online manager `online` changes nothing.)
 */
export function SessionOfflineNotice({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  // Read by the timer: a try still under way on a slow connection is let finish, not restarted.
  const inFlight = useRef(retrying);
  inFlight.current = retrying;

  useEffect(() => {
    window.addEventListener('online', onRetry);
    // The `online` event can come before the network carries requests again (the first try then
    // fails, and no second event follows), and a weak signal comes and goes without one.
    const timer = window.setInterval(() => {
      if (navigator.onLine && !inFlight.current) onRetry();
    }, ASK_AGAIN_MS);
    return () => {
      window.removeEventListener('online', onRetry);
      window.clearInterval(timer);
    };
  }, [onRetry]);

  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="md" p="lg" maw={420}>
        <Stack gap="sm" align="flex-start" role="status" aria-live="polite">
          <IconCloudOff size={28} aria-hidden />
          <Title order={1} fz="h3">
            You are offline
          </Title>
          <Text size="sm">
            FieldBid could not reach the server to open your account on this device. You are still signed in,
            and anything saved on this device stays here. This screen opens as soon as the connection is back.
          </Text>
          <Button variant="default" loading={retrying} onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
