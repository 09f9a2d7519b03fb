import { Stack, Text } from '@mantine/core';
import { formatDate } from '#shared/date-display.ts';

/** The part of a detail's bid this reads: present for the request's managers (and staff) only. */
interface BidTermsFields {
  notes?: string | undefined;
  proposed_start_date?: string | undefined;
}

/**
 * A bid's proposed start and notes (warranty, what is included, exclusions), so the managers weigh
 * them before the award. Nothing for a reader whose answer leaves them out (a vendor).
 */
export function BidTerms({ bid, vendorName }: { bid: BidTermsFields; vendorName: string }) {
  if (bid.proposed_start_date === undefined && bid.notes === undefined) return null;
  const notes = bid.notes?.trim() ?? '';
  return (
    <Stack gap={2} aria-label={`Terms of ${vendorName}'s bid`} component="section">
      <Text size="xs">
        <Text span fw={600} inherit>
          Start:{' '}
        </Text>
        {bid.proposed_start_date ? formatDate(bid.proposed_start_date) : 'Not specified'}
      </Text>
      <Text size="xs" component="div">
        <Text span fw={600} inherit>
          Notes:{' '}
        </Text>
        {notes ? (
          <Text span inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notes}
          </Text>
        ) : (
          <Text span inherit c="dimmed">
            None given
          </Text>
        )}
      </Text>
    </Stack>
  );
}
