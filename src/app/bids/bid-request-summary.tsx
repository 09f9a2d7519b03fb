import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import type { RequestDetail } from '#shared/request-responses.ts';

/** The request the bid is for (signed-in spec, section 2): id, type, description, deadline, areas affected. */
export function BidRequestSummary({
  request,
  loading,
}: {
  request: RequestDetail | undefined;
  loading: boolean;
}) {
  if (loading) return <Skeleton h={88} radius="md" aria-label="Loading request" />;
  if (!request) return null;
  const deadline = request.bidding_config.bid_deadline;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            #{request.id} · {request.type}
          </Text>
          <Text size="xs" c="dimmed">
            {deadline ? (
              <>
                Deadline <RelativeTime value={deadline} />
              </>
            ) : (
              'No deadline'
            )}
          </Text>
        </Group>
        <Text size="sm" lineClamp={3}>
          {request.description}
        </Text>
        {request.areas_affected.length > 0 ? (
          <Text size="xs" c="dimmed">
            Areas affected: {request.areas_affected.join(', ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
