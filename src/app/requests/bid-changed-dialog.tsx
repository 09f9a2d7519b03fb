import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { bidTermChanges } from '#app/bids/bid-changes.ts';
import { TermChangesTable } from '#app/bids/bid-history.tsx';
import { formatDate } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { ChangedBid } from './use-award-flow.ts';

/** The offer the manager chose, as the bid is now; null when the bid no longer offers it. */
function chosenNow(changed: ChangedBid): { label: string | null; amount: number } | null {
  const { current, option } = changed;
  if (option === null) return current.options.length === 0 ? { label: null, amount: current.amount } : null;
  const now = current.options[option - 1];
  return now ? { label: now.label, amount: now.amount } : null;
}

/**
 * "This bid changed since you opened it": the award was refused because the vendor changed the bid
 * after the page showed it (409 BID_CHANGED). Shows what changed, then asks again at the new terms;
 * when the chosen option is gone, the manager chooses again from the refreshed bids.
 */
export function BidChangedDialog({
  changed,
  pending,
  onAward,
  onClose,
}: {
  changed: ChangedBid | null;
  pending: boolean;
  onAward: () => void;
  onClose: () => void;
}) {
  const chosen = changed ? chosenNow(changed) : null;
  const changes = changed ? bidTermChanges(changed.seen, changed.current) : [];
  return (
    <Modal
      opened={changed !== null}
      onClose={onClose}
      title="This bid changed since you opened it"
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {changed ? (
        <Stack gap="md">
          <Text size="sm">
            {changed.vendorName} changed this bid after you opened the page, so it was not awarded.
          </Text>
          {changes.length > 0 ? (
            <TermChangesTable
              changes={changes}
              beforeLabel="When you opened it"
              afterLabel="Now"
              caption="What changed in the bid"
            />
          ) : (
            <Text size="sm">Its price and time are the same; its start date or notes changed.</Text>
          )}
          <Text size="sm" c="dimmed">
            Start {formatDate(changed.current.proposed_start_date)}
            {changed.current.notes ? ` · Notes: ${changed.current.notes}` : ''}
          </Text>
          {chosen ? (
            <Text size="sm" fw={600}>
              {chosen.label === null
                ? `Award the job to ${changed.vendorName} for ${formatUsd(chosen.amount)}?`
                : `Award the job to ${changed.vendorName}, option “${chosen.label}”, for ${formatUsd(chosen.amount)}?`}
            </Text>
          ) : (
            <Text size="sm" fw={600}>
              The option you chose is no longer offered this way. Choose again from the updated bid.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {chosen ? 'Back' : 'Close'}
            </Button>
            {chosen ? (
              <Button color="green" onClick={onAward} loading={pending} data-autofocus>
                Award at {formatUsd(chosen.amount)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
