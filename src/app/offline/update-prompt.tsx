import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { applyUpdate, dismissUpdate, useUpdateReady } from './service-worker-registration.ts';

/**
 * "New version available" with a Reload button. It is a standing Notification in a corner rather than
 * a toast: toasts are limited to one at a time (public spec, section 9) and a prompt that waits for
 * the user would hold every other toast back.
 */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Notification
        title="A new version of FieldBid is available"
        onClose={dismissUpdate}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        icon={<IconRefresh size={18} aria-hidden />}
        withBorder
        maw={360}
        role="status"
      >
        <Group justify="space-between" mt={4} wrap="nowrap">
          <Text size="sm">Reload to use it.</Text>
          <Button size="xs" onClick={applyUpdate}>
            Reload
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
