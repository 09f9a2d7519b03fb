import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { formatCount } from '#shared/formatters.ts';
import type { WorkQueue, WorkQueueItem } from '#shared/work-queue.ts';
import { WORK_QUEUE_KIND_LABELS, WORK_QUEUE_KINDS, type WorkQueueKind } from '#shared/work-queue-kinds.ts';
import { useWorkQueue } from './api.ts';
import classes from './work-queue-card.module.css';

const HEADING_ID = 'needs-you-heading';

/** Rows a kind shows before "Show all": the card stays short enough to leave the dashboard in view. */
const FIRST_ROWS = 3;

function ItemRow({ item }: { item: WorkQueueItem }) {
  return (
    <li>
      <UnstyledButton component={Link} to={item.href} className={classes.row}>
        <div className={classes.text}>
          <Text fw={600} size="sm" lh={1.35}>
            {item.title}: <span className={classes.name}>{item.request_name}</span>
          </Text>
          <Text size="sm" c="dimmed" lh={1.35} className={classes.clip}>
            {item.request_summary}
          </Text>
          <Text size="sm" lh={1.35} className={classes.clip}>
            {item.detail}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap" className={classes.when}>
          {/* A bid's detail already says when the first came ("first 2 days ago"). */}
          {item.kind === 'bids_to_review' ? null : (
            <Text component="time" dateTime={item.since} size="xs" c="dimmed">
              <RelativeTime value={item.since} />
            </Text>
          )}
          <IconChevronRight size={16} aria-hidden />
        </Group>
      </UnstyledButton>
    </li>
  );
}

function KindGroup({ kind, items, count }: { kind: WorkQueueKind; items: WorkQueueItem[]; count: number }) {
  const headingId = `needs-you-${kind}`;
  const listId = `needs-you-${kind}-list`;
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, FIRST_ROWS);
  // Beyond the answer's oldest items (WORK_QUEUE_LIMIT), counted but not sent.
  const unsent = count - items.length;
  return (
    <section aria-labelledby={headingId}>
      <Group gap="xs" mb={4}>
        <Title order={3} fz="sm" id={headingId}>
          {WORK_QUEUE_KIND_LABELS[kind]}
        </Title>
        <Badge size="sm" variant="light">
          {formatCount(count)}
        </Badge>
      </Group>
      <ul className={classes.list} aria-labelledby={headingId} id={listId}>
        {shown.map((item) => (
          <ItemRow key={`${item.kind}-${item.request_id}-${item.href}-${item.since}`} item={item} />
        ))}
      </ul>
      {items.length > FIRST_ROWS ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show fewer' : `Show all ${formatCount(items.length)}`}
        </Button>
      ) : null}
      {expanded && unsent > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          and {formatCount(unsent)} newer, once these are done
        </Text>
      ) : null}
    </section>
  );
}

function QueueGroups({ queue }: { queue: WorkQueue }) {
  const groups = WORK_QUEUE_KINDS.map((kind) => ({
    kind,
    items: queue.items.filter((item) => item.kind === kind),
    count: queue.counts[kind],
  })).filter((group) => group.items.length > 0);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing needs you right now.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <KindGroup key={group.kind} {...group} />
      ))}
    </Stack>
  );
}

/**
 * "Needs you" at the top of the manager's dashboard: what waits on the manager, by kind, oldest
 * first; each row leads where it is done and is gone once it is (docs/decisions/manager-work-queue.md).
 */
export function WorkQueueCard() {
  const queue = useWorkQueue();
  const total = queue.data ? Object.values(queue.data.counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={HEADING_ID}
    >
      <Group gap="xs" mb="sm">
        <Title order={2} fz="h4" id={HEADING_ID}>
          Needs you
        </Title>
        {total > 0 ? (
          <Badge color="orange" variant="filled">
            {formatCount(total)}
          </Badge>
        ) : null}
      </Group>
      {queue.data ? (
        <QueueGroups queue={queue.data} />
      ) : queue.isError ? (
        <Text size="sm" c="red" role="alert">
          What needs you could not be loaded.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => queue.refetch()}>
            Try again
          </Button>
        </Text>
      ) : (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden>Loading what needs you</VisuallyHidden>
          <Skeleton h={18} w="40%" />
          <Skeleton h={54} />
          <Skeleton h={54} />
        </Stack>
      )}
    </Paper>
  );
}
