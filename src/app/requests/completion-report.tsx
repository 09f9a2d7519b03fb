import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { timeWithUnit } from '#app/bids/bid-display.ts';
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
        {awarded ? (
          <Text size="sm">
            Awarded to <b>{awarded.vendor_name}</b> for {formatUsd(awarded.amount)} (
            {timeWithUnit(awarded.estimated_time, awarded.estimated_time_unit)})
            {awarded.awarded_at ? ` on ${formatDateTime(awarded.awarded_at)}` : ''}.
          </Text>
        ) : null}
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
