import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useOutboxItems } from '#app/offline/outbox-hooks.ts';
import { vendorPaths } from '#app/route-paths.ts';
import { queuedBidPriceText } from './bid-price-text.ts';
import { isQueuedBid } from './own-bid-state.ts';

/**
 * Bids kept on this device that the server has not answered yet (all, or one request's), marked
 * 'Pending sync'; a refused one says why and links to the Outbox, where it can be edited or discarded.
 */
export function PendingBids({ requestId }: { requestId?: number }) {
  const bids = useOutboxItems(requestId).filter(isQueuedBid);
  if (bids.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="pending-bids">
      {bids.map((item) => (
        <Alert key={item.key} color={item.state === 'refused' ? 'red' : 'blue'} variant="light">
          <Group gap="xs" wrap="wrap">
            <Badge color={item.state === 'refused' ? 'red' : 'yellow'} variant="light">
              {item.state === 'refused' ? 'Not sent' : 'Pending sync'}
            </Badge>
            <Text size="sm">
              {item.label} {queuedBidPriceText(item.body)}
            </Text>
          </Group>
          {item.state === 'refused' && item.refusal ? (
            <Text size="sm" mt={4}>
              {item.refusal.message}{' '}
              <Anchor component={Link} to={vendorPaths.outbox}>
                Open the Outbox
              </Anchor>
            </Text>
          ) : null}
        </Alert>
      ))}
    </Stack>
  );
}
