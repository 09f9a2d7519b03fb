import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CompletionPhotos } from '#app/requests/completion-photos.tsx';
import { managerRequestPath } from '#app/route-paths.ts';
import { formatDate } from '#shared/date-display.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { HistoryJob } from '#shared/project-responses.ts';
import classes from './maintenance-history.module.css';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

const day = (value: string | null) => (value ? formatDate(value) : '—');

/** One completed job of a property's maintenance history. */
export function HistoryJobCard({ job }: { job: HistoryJob }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.job}
      component="article"
      aria-label={`${requestNumber(job.id)} ${job.type}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>
            <Anchor component={Link} to={managerRequestPath(job.id)} inherit>
              {requestNumber(job.id)}
            </Anchor>{' '}
            · {job.type}
            {job.unit ? ` · Unit ${job.unit}` : ''}
          </Text>
          <Stack gap={0} align="flex-end" ml="auto">
            <Text fw={700}>{job.cost === null ? 'Cost not recorded' : formatUsd(job.cost)}</Text>
            {/* The awarded option, when the vendor offered options: what the cost bought. */}
            {job.awarded_option ? (
              <Text size="sm" c="dimmed">
                Option: {job.awarded_option}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {job.description}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Vendor" value={job.vendor ?? 'Unknown'} />
          <Fact label="Requested" value={day(job.created)} />
          <Fact label="Started" value={day(job.started)} />
          <Fact label="Completed" value={day(job.completed)} />
        </SimpleGrid>
        {job.completion_note ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Completion note
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.completion_note}
            </Text>
          </div>
        ) : null}
        <CompletionPhotos photos={job.photos} label={`${requestNumber(job.id)} photo`} />
      </Stack>
    </Card>
  );
}
