import { Badge, Button, Collapse, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarPlus, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { momentText, timeZoneName, visitTitle, windowText } from '#shared/visit-display.ts';
import {
  VISIT_STATUS_LABELS,
  type Visit,
  type VisitEvent,
  type VisitHistoryEntry,
  type VisitStatus,
} from '#shared/visit-schemas.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';
import type { RequestViewerRole } from './request-actions.tsx';
import type { PendingSteps } from './visit-pending-steps.ts';
import { VisitStamps } from './visit-stamps.tsx';
import { VisitSteps } from './visit-steps.tsx';
import { VisitWindowsForm } from './visit-windows-form.tsx';
import { useAcceptVisit, useCancelVisit, useCounterVisit } from './visits-api.ts';

const STATUS_COLORS: Record<VisitStatus, string> = {
  proposed: 'yellow',
  confirmed: 'blue',
  done: 'green',
  cancelled: 'gray',
};

const EVENT_LABELS: Record<VisitEvent, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  counter_proposed: 'Proposed other times',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  on_my_way: 'On the way',
  arrived: 'Arrived',
  left: 'Left',
};

const SIDE_NAMES: Record<'vendor' | 'manager', string> = { vendor: 'vendor', manager: 'property manager' };

/** Who the visit waits on, in the viewer's words. */
function waitingText(visit: Visit, role: RequestViewerRole): string {
  if (visit.allowed_actions.includes('accept'))
    return `The ${SIDE_NAMES[visit.proposed_by]} proposed these times. Accept one, or propose others.`;
  const other = role === 'vendor' ? 'manager' : 'vendor';
  return `Waiting for the ${SIDE_NAMES[other]} to accept one of these times.`;
}

function HistoryEntry({ entry, timeZone }: { entry: VisitHistoryEntry; timeZone: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span fw={600} size="sm">
          {EVENT_LABELS[entry.event]}
        </Text>{' '}
        · {entry.actor_name} ({SIDE_NAMES[entry.actor_role]}) · {momentText(entry.happened_at, timeZone)}
      </Text>
      {entry.windows.map((window) => (
        <Text key={`${window.date}${window.start}${window.end}`} size="xs" c="dimmed">
          {windowText(window)}
        </Text>
      ))}
      {entry.note ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {entry.note}
        </Text>
      ) : null}
    </Stack>
  );
}

function VisitHistory({ visit }: { visit: Visit }) {
  const [open, setOpen] = useState(false);
  if (visit.history.length === 0) return null;
  return (
    <div>
      <Button
        variant="subtle"
        size="sm"
        mih={44}
        px={0}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        rightSection={
          open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
      >
        History ({visit.history.length})
      </Button>
      <Collapse expanded={open}>
        <Stack gap="xs" mt={4}>
          {visit.history.map((entry) => (
            <HistoryEntry
              key={`${entry.event}${entry.recorded_at}`}
              entry={entry}
              timeZone={visit.time_zone}
            />
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}

function CancelVisitDialog({ visit, onClose }: { visit: Visit; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const cancel = useCancelVisit(visit.request_id, visit.id);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    cancel.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
      onSuccess: () => {
        showToast({ color: 'green', message: `${visitTitle(visit)} was cancelled.` });
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Cancel ${visitTitle(visit)}?`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {cancel.isError ? <ErrorAlert>{lifecycleErrorMessage(cancel.error)}</ErrorAlert> : null}
          <Text size="sm">The other side is told. The visit stays in the list as cancelled.</Text>
          <Textarea
            label="Reason (optional)"
            autosize
            minRows={2}
            maxLength={2000}
            size="md"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" mih={44} onClick={onClose}>
              Keep the visit
            </Button>
            <Button type="submit" color="red" size="md" mih={44} loading={cancel.isPending}>
              Cancel visit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * One visit: its number and purpose, status, the windows (on offer, or the agreed one) in the
 * property's zone, what happened on the day, the history, and only the actions the server allows
 * the viewer.
 */
export function VisitItem({
  visit,
  role,
  pending,
}: {
  visit: Visit;
  role: RequestViewerRole;
  pending: PendingSteps;
}) {
  const [countering, setCountering] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const accept = useAcceptVisit(visit.request_id, visit.id);
  const counter = useCounterVisit(visit.request_id, visit.id);
  const allowed = new Set(visit.allowed_actions);
  // A step of the day waiting on this phone: the visit is under way, which the server's answer
  // (from before it) does not know yet; it would refuse moving or cancelling it.
  if (Object.keys(pending).length > 0) {
    allowed.delete('propose');
    allowed.delete('cancel');
  }
  const zone = timeZoneName(visit.time_zone);
  const proposed = visit.status === 'proposed';
  const titleId = `visit-${visit.id}-title`;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={titleId}
      data-testid="visit"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h5" id={titleId}>
            {visitTitle(visit)}
          </Title>
          <Badge color={STATUS_COLORS[visit.status]} variant="light">
            {VISIT_STATUS_LABELS[visit.status]}
          </Badge>
        </Group>
        {proposed ? (
          <Text size="sm" c="dimmed">
            {waitingText(visit, role)}
          </Text>
        ) : null}
        {accept.isError ? <ErrorAlert>{lifecycleErrorMessage(accept.error)}</ErrorAlert> : null}
        <Stack gap="xs">
          {visit.windows.map((window, index) => (
            <Group
              key={`${window.date}${window.start}${window.end}`}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="visit-window"
            >
              <Text
                size="sm"
                fw={visit.status === 'cancelled' ? 400 : 600}
                td={visit.status === 'cancelled' ? 'line-through' : undefined}
              >
                {windowText(window)}{' '}
                <Text span size="sm" c="dimmed" fw={400}>
                  ({zone})
                </Text>
              </Text>
              {proposed && allowed.has('accept') ? (
                <Button
                  size="md"
                  mih={44}
                  color="green"
                  loading={accept.isPending && accept.variables?.window === index}
                  disabled={accept.isPending}
                  onClick={() => accept.mutate({ window: index })}
                  aria-label={`Accept ${windowText(window)}`}
                >
                  Accept
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
        <VisitStamps visit={visit} pending={pending} />
        {role === 'vendor' ? <VisitSteps visit={visit} pending={pending} /> : null}
        {countering ? (
          <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {visit.status === 'confirmed' ? 'Reschedule: propose other times' : 'Propose other times'}
              </Text>
              <VisitWindowsForm
                withPurpose={false}
                submitLabel="Send times"
                busy={counter.isPending}
                error={counter.error}
                zoneHint={`Times are in ${zone}, the property's time zone.`}
                onCancel={() => setCountering(false)}
                onSubmit={({ windows, note }) =>
                  counter.mutate(
                    { windows, ...(note ? { note } : {}) },
                    {
                      onSuccess: () => {
                        setCountering(false);
                        showToast({ color: 'green', message: 'Times sent.' });
                      },
                    },
                  )
                }
              />
            </Stack>
          </Paper>
        ) : null}
        {!countering && (allowed.has('propose') || allowed.has('cancel') || visit.status === 'confirmed') ? (
          <Group gap="sm" wrap="wrap">
            {visit.status === 'confirmed' ? (
              <Button
                component="a"
                href={visit.calendar_url}
                download
                variant="default"
                size="md"
                mih={44}
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
              >
                Add to calendar
              </Button>
            ) : null}
            {allowed.has('propose') ? (
              <Button variant="default" size="md" mih={44} onClick={() => setCountering(true)}>
                Propose another time
              </Button>
            ) : null}
            {allowed.has('cancel') ? (
              <Button variant="subtle" color="red" size="md" mih={44} onClick={() => setCancelling(true)}>
                Cancel visit
              </Button>
            ) : null}
          </Group>
        ) : null}
        <VisitHistory visit={visit} />
      </Stack>
      {cancelling ? <CancelVisitDialog visit={visit} onClose={() => setCancelling(false)} /> : null}
    </Paper>
  );
}
