import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import {
  currentInstallOffer,
  dismissInstallOffer,
  listenForInstallOffer,
  promptInstall,
  subscribeInstallOffer,
} from './install-offer-state.ts';

listenForInstallOffer();

/**
 * "Install FieldBid on this phone": the browser's install prompt where it offers one, the iOS steps
 * on an iPhone or iPad, nothing once installed or closed with "Not now" (remembered in this browser).
 */
export function InstallOffer() {
  const offer = useSyncExternalStore(subscribeInstallOffer, currentInstallOffer, () => 'none' as const);
  if (offer === 'none') return null;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      mb="md"
      component="section"
      aria-labelledby="install-offer-title"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobileDown size={20} aria-hidden />
          <Text id="install-offer-title" fw={600}>
            Install FieldBid on this device
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {offer === 'ios'
            ? 'Open FieldBid from your home screen, also at job sites without signal: tap the Share button, then Add to Home Screen.'
            : 'Open FieldBid from your home screen, also at job sites without signal.'}
        </Text>
        <Group gap="xs">
          {offer === 'prompt' ? <Button onClick={() => void promptInstall()}>Install</Button> : null}
          <Button variant="default" onClick={dismissInstallOffer}>
            Not now
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
