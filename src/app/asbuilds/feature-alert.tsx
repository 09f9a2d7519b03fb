import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { dismissTip, isTipDismissed } from '#app/lib/dismissed-tips.ts';

const TIP = 'asbuilds-red-buttons';

/** The spec's feature alert; 'Got it' closes it for good in this browser. */
export function FeatureAlert() {
  const [shown, setShown] = useState(() => !isTipDismissed(TIP));
  if (!shown) return null;
  return (
    <Alert color="red" variant="light" icon={<IconSparkles aria-hidden />} role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <Text span fw={700}>
            New!
          </Text>{' '}
          Click the red buttons to show photos
        </Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => {
            dismissTip(TIP);
            setShown(false);
          }}
        >
          Got it
        </Button>
      </Group>
    </Alert>
  );
}
