import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { BidErrorView } from './bid-errors.ts';

// Where a vendor uploads a current certificate (settings screen, insurance section).
const INSURANCE_SETTINGS = '/vendor/settings/profile#insurance';

/** The dialog's error view with the way forward each error offers (signed-in spec, section 8). */
export function BidErrorPanel({
  error,
  onModify,
  onRetry,
  onClose,
  modifying,
}: {
  error: BidErrorView;
  onModify: (bidId: number) => void;
  onRetry: () => void;
  onClose: () => void;
  modifying: boolean;
}) {
  return (
    <Stack gap="md">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={error.title}
        role="alert"
      >
        <Text size="sm">{error.message}</Text>
        {error.kind === 'insurance' ? (
          <Anchor component={Link} to={INSURANCE_SETTINGS} size="sm" mt="xs" display="inline-block">
            Update your insurance certificate
          </Anchor>
        ) : null}
      </Alert>
      <Group justify="flex-end">
        {error.kind === 'duplicate' ? (
          <>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {error.bidId !== null ? (
              <Button onClick={() => onModify(error.bidId!)} loading={modifying}>
                Modify Existing Bid
              </Button>
            ) : null}
          </>
        ) : null}
        {error.kind === 'other' ? (
          <>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onRetry}>Try Again</Button>
          </>
        ) : null}
        {error.kind === 'unavailable' || error.kind === 'insurance' ? (
          <Button onClick={onClose}>Close</Button>
        ) : null}
      </Group>
    </Stack>
  );
}
