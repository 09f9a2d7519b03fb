import { Alert, Button, Group, List, Stack, Table, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PushAfterBidPrompt } from '#app/push/push-device-card.tsx';
import type { BidBody } from '#shared/bid-responses.ts';
import { formatDateTime } from '#shared/date-display.ts';
import { bidLabel } from '#shared/display-names.ts';
import { timeWithUnit } from './bid-display.ts';
import { BidLineItemList } from './bid-line-item-list.tsx';
import { BidOptionsList } from './bid-options-list.tsx';
import { bidAmountText } from './line-item-display.ts';

/** The dialog after a bid was saved (signed-in spec, section 2). */
export function BidSuccess({
  bid,
  updated,
  onClose,
}: {
  bid: BidBody;
  updated: boolean;
  onClose: () => void;
}) {
  const rows: Array<[string, string]> = [
    ['Confirmation Number', bidLabel(bid.id)],
    // With options, the span of their amounts: option 1's alone would read as the price.
    ['Amount', bidAmountText(bid)],
    // Each option has its own time, listed with it below.
    [
      'Estimated Time',
      bid.options.length > 0
        ? 'Per option, below'
        : timeWithUnit(bid.estimated_time, bid.estimated_time_unit),
    ],
    ['Start Date', formatDateTime(bid.proposed_start_date)],
    ['Notes', bid.notes || 'None'],
  ];
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {updated
          ? 'Success! Your bid has been updated successfully'
          : 'Success! Your bid has been submitted successfully'}
      </Alert>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={150}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {bid.options.length > 0 ? (
        <div>
          <Title order={3} fz="md" mb="xs">
            Options
          </Title>
          <BidOptionsList options={bid.options} vendorName="Your bid" />
        </div>
      ) : bid.line_items.length > 0 ? (
        <div>
          <Title order={3} fz="md" mb="xs">
            Line items
          </Title>
          <BidLineItemList items={bid.line_items} label="Line items of your bid" />
        </div>
      ) : null}
      <div>
        <Title order={3} fz="md" mb="xs">
          What's Next
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>The property manager reviews every bid on this request.</List.Item>
          <List.Item>You get a notification when your bid is accepted or declined.</List.Item>
          <List.Item>While it is pending you can change or withdraw it from My Bids.</List.Item>
          <List.Item>Questions about the job? Message the manager from the request page.</List.Item>
        </List>
      </div>
      {/* the first bid is when a phone notification starts to matter; never on page load. */}
      {updated ? null : <PushAfterBidPrompt />}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
