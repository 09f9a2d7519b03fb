import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { timeWithUnit } from '#app/bids/bid-display.ts';
import { BidLineItemList } from '#app/bids/bid-line-item-list.tsx';
import { BidOptionSummary } from '#app/bids/bid-options-list.tsx';
import { formatDateTime } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { AwardedBid, CompletionReport as Report } from '#shared/request-responses.ts';
import { CompletionPhotos } from './completion-photos.tsx';

/** The awarded bid and, once the vendor reported it, the completion note and photos. */
export function CompletionReport({
  awarded,
  completion,
}: {
  awarded: AwardedBid | null;
  completion: Report | null;
}) {
  const reported = Boolean(completion?.vendor_completed_at);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            Job
          </Title>
          {completion?.completed_at ? (
            <Badge color="green" variant="light">
              Confirmed {formatDateTime(completion.completed_at)}
            </Badge>
          ) : reported ? (
            <Badge color="yellow" variant="light">
              Awaiting confirmation
            </Badge>
          ) : null}
        </Group>
        {awarded ? <AwardedSummary awarded={awarded} /> : null}
        {reported && completion ? (
          <>
            <Text size="sm" c="dimmed">
              Marked complete by the vendor {formatDateTime(completion.vendor_completed_at!)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="completion-note">
              {completion.note || 'No note.'}
            </Text>
            {completion.photos.length > 0 ? (
              <CompletionPhotos photos={completion.photos} label="Completion photo" />
            ) : (
              <Text size="sm" c="dimmed">
                No completion photos.
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The vendor has not marked the job complete yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Who got the job, for how much and when; with options, which option, priced from its own
 * line items.
 */
function AwardedSummary({ awarded }: { awarded: AwardedBid }) {
  const option = awarded.awarded_option;
  const priced = option ?? awarded;
  const when = awarded.awarded_at ? ` on ${formatDateTime(awarded.awarded_at)}` : '';
  return (
    <Stack gap="xs">
      <Text size="sm">
        Awarded to <b>{awarded.vendor_name}</b>
        {option ? (
          <>
            , option <b>{option.label}</b>,
          </>
        ) : null}{' '}
        for {formatUsd(priced.amount)} ({timeWithUnit(priced.estimated_time, priced.estimated_time_unit)})
        {when}.
      </Text>
      {option ? (
        <BidOptionSummary option={option} vendorName={awarded.vendor_name} awarded />
      ) : (
        <BidLineItemList items={awarded.line_items} label="Line items of the awarded bid" />
      )}
    </Stack>
  );
}
