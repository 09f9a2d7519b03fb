import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { AdminFailedJob, AdminJobKind } from '#shared/admin-jobs.ts';
import { AdminSectionState } from './admin-section-state.tsx';
import { type FailedJobAction, useAdminJobQueue, useFailedJobAction } from './job-queue-api.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One kind of job: how many wait, run and failed. */
function KindCard({ kind }: { kind: AdminJobKind }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Jobs ${kind.kind}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {kind.kind}
        </Text>
        {kind.failed > 0 ? (
          <Badge color="red" variant="light">
            {`${kind.failed} failed`}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">{`${kind.ready} ready · ${kind.deferred} scheduled · ${kind.active} running`}</Text>
    </Paper>
  );
}

const ACTIONS: { action: FailedJobAction; label: string; variant: 'light' | 'default' }[] = [
  { action: 'retry', label: 'Retry', variant: 'light' },
  { action: 'discard', label: 'Discard', variant: 'default' },
];

function FailedJobActions({ job }: { job: AdminFailedJob }) {
  const action = useFailedJobAction();
  const busy = action.isPending;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs" wrap="nowrap">
        {ACTIONS.map(({ action: name, label, variant }) => (
          <Button
            key={name}
            size="xs"
            variant={variant}
            loading={busy && action.variables?.action === name}
            disabled={busy}
            onClick={() => action.mutate({ action: name, kind: job.kind, id: job.id })}
          >
            {label}
          </Button>
        ))}
      </Group>
      {action.isError ? (
        <Text size="xs" c="red.8">
          The job could not be changed; the list is fresh again.
        </Text>
      ) : null}
    </Stack>
  );
}

function FailedJobs({ jobs }: { jobs: AdminFailedJob[] }) {
  if (jobs.length === 0) {
    return (
      <Text c="dimmed" py="sm">
        No failed jobs.
      </Text>
    );
  }
  return (
    <Table aria-label="Failed jobs" verticalSpacing="sm" highlightOnHover={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Error</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Failed</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.map((job) => (
          <Table.Tr key={job.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {job.kind}
              </Text>
              <Text size="xs" c="dimmed">
                {`Queued ${when.format(new Date(job.created_at))}`}
              </Text>
            </Table.Td>
            <Table.Td maw={420}>
              <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {job.error}
              </Text>
            </Table.Td>
            <Table.Td>{job.attempts}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {job.failed_at ? when.format(new Date(job.failed_at)) : '—'}
            </Table.Td>
            <Table.Td>
              <FailedJobActions job={job} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /admin/jobs: the job queue that runs timed and deferred work (mail, notification deliveries,
 * sweeps, reminders): how many jobs of each kind wait or run, and the jobs that failed for good,
 * with their error, for staff to retry or discard.
 */
export function JobQueueSection() {
  const queue = useAdminJobQueue();
  const data = queue.data;
  return (
    <Stack gap="md">
      <div>
        <Text component="h2" fz="h3" fw={700}>
          Job queue
        </Text>
        <Text c="dimmed" size="sm">
          Timed and deferred work by kind, and the jobs that failed after their retries.
        </Text>
      </div>
      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {data.kinds.map((kind) => (
              <KindCard key={kind.kind} kind={kind} />
            ))}
          </SimpleGrid>
          <Text component="h3" fw={700}>
            Failed jobs
          </Text>
          {queue.isRefetchError ? (
            <ErrorAlert>The queue could not be read again; showing the last answer.</ErrorAlert>
          ) : null}
          <FailedJobs jobs={data.failed} />
        </>
      ) : (
        <AdminSectionState
          loading={queue.isPending}
          error={queue.isError}
          empty={false}
          emptyText=""
          onRetry={() => void queue.refetch()}
          label="job queue"
        />
      )}
    </Stack>
  );
}
