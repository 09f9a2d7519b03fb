import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/**
 * The router's error screen. The usual cause in production is a screen chunk from an older build that
 * the server no longer has (a deploy while the tab was open): reloading fetches the new build.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" maw={420}>
        <Title order={1} fz="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">This page could not be shown. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
