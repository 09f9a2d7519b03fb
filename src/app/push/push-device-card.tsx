import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { dismissTip, isTipDismissed } from '#app/lib/dismissed-tips.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { usePushDevice } from './use-push-device.ts';

const EXPLAIN: Record<string, string> = {
  unsupported:
    'This browser cannot show push notifications. On a phone, install FieldBid (Add to Home Screen) and open it from there.',
  'server-off': 'Push notifications are not set up on this server yet.',
  blocked:
    'Notifications are blocked for FieldBid in this browser. Allow them in the browser’s site settings, then come back here.',
  off: 'Get your FieldBid notifications on this device, also while the app is closed.',
  on: 'This device shows your FieldBid notifications, also when the app is closed.',
  loading: 'Checking this device…',
};

/** A long label wraps on a phone instead of running out of its button. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 36 },
  label: { whiteSpace: 'normal' as const, paddingBlock: 6 },
};

/**
 * Settings' "Turn on notifications on this device". The browser's permission prompt
 * appears only after the user presses the button, never when the page loads.
 */
export function PushDeviceCard() {
  const push = usePushDevice();
  const others = push.devices.filter((device) => device.id !== push.thisDeviceId).length;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="push-device-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text id="push-device-title" fw={600}>
            Push notifications on this device
          </Text>
          {push.state === 'on' ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              On
            </Badge>
          ) : push.state === 'off' || push.state === 'blocked' ? (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Off
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {EXPLAIN[push.state]}
        </Text>
        {others > 0 ? (
          <Text size="sm" c="dimmed">
            {others === 1 ? '1 other device receives' : `${others} other devices receive`} your push
            notifications.
          </Text>
        ) : null}
        {push.error ? <ErrorAlert>{push.error}</ErrorAlert> : null}
        {push.state === 'off' ? (
          <Group>
            <Button
              leftSection={<IconBell size={18} aria-hidden />}
              loading={push.busy}
              styles={WRAPPING}
              onClick={() => void push.turnOn()}
            >
              Turn on notifications on this device
            </Button>
          </Group>
        ) : null}
        {push.state === 'on' ? (
          <Group>
            <Button
              variant="default"
              leftSection={<IconBellOff size={18} aria-hidden />}
              loading={push.busy}
              onClick={() => void push.turnOff()}
            >
              Turn off on this device
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

const PUSH_AFTER_BID_TIP = 'push-after-bid';

/**
 * After a vendor's bid: the moment a phone notification is worth most (the award comes later, and the
 * first good bid wins). Shown only while this device could turn push on and the vendor has not
 * answered "Not now" here before.
 */
export function PushAfterBidPrompt() {
  const push = usePushDevice();
  const [dismissed, setDismissed] = useState(() => isTipDismissed(PUSH_AFTER_BID_TIP));
  const onDismiss = () => {
    dismissTip(PUSH_AFTER_BID_TIP);
    setDismissed(true);
  };
  if (dismissed || push.state !== 'off') return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconBell aria-hidden />}
      title="Hear back the moment it is decided"
    >
      <Stack gap="xs">
        <Text size="sm">
          Turn on notifications on this device to learn right away when your bid is accepted.
        </Text>
        {push.error ? <ErrorAlert>{push.error}</ErrorAlert> : null}
        <Group gap="xs">
          <Button size="xs" loading={push.busy} styles={WRAPPING} onClick={() => void push.turnOn()}>
            Turn on notifications on this device
          </Button>
          <Button size="xs" variant="subtle" onClick={onDismiss}>
            Not now
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
