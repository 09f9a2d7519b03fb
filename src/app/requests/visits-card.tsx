import { Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '#app/ui/toast.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { timeZoneName } from '#shared/visit-display.ts';
import type { RequestViewerRole } from './request-actions.tsx';
import { VisitItem } from './visit-item.tsx';
import { pendingStepsOf, usePendingVisitSteps, useVisitStepAnswers } from './visit-pending-steps.ts';
import { VisitWindowsForm } from './visit-windows-form.tsx';
import { useProposeVisit, useVisits } from './visits-api.ts';

/** The visits still to happen first (the next one is what the vendor needs), then the rest, by number. */
export function visitsInOrder<T extends { number: number; status: string }>(visits: readonly T[]): T[] {
  const open = (visit: T) => (visit.status === 'proposed' || visit.status === 'confirmed' ? 0 : 1);
  return [...visits].sort((a, b) => open(a) - open(b) || a.number - b.number);
}

const EMPTY_TEXT: Record<RequestViewerRole, string> = {
  vendor: 'No visits yet. Propose one or more times for your first visit; the property manager accepts one.',
  manager: 'No visits yet. The vendor proposes times for a visit, or you can propose them.',
};

/**
 * The visits of an awarded job, for both sides: each visit with its times, what happened on the day
 * and its history, and "Propose a visit" while the job is in progress. Shown while the job is in
 * progress, and afterwards when it had visits.
 */
export function VisitsCard({ request, role }: { request: RequestDetail; role: RequestViewerRole }) {
  const awarded = request.awarded_bid !== null;
  const inProgress = request.status === 'in_progress';
  const visits = useVisits(request.id, awarded);
  const pendingItems = usePendingVisitSteps(request.id);
  useVisitStepAnswers();
  const [proposing, setProposing] = useState(false);
  const propose = useProposeVisit(request.id);

  const list = visits.data?.results ?? [];
  if (!awarded || (!inProgress && list.length === 0)) return null;
  const zoneId = list[0]?.time_zone ?? request.project?.time_zone;
  const zone = zoneId ? timeZoneName(zoneId) : null;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="visits-title"
      data-testid="visits-card"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="h4" id="visits-title">
            Visits
          </Title>
          {inProgress && !proposing ? (
            <Button
              size="md"
              mih={44}
              leftSection={<IconCalendarEvent size={18} aria-hidden />}
              onClick={() => setProposing(true)}
            >
              Propose a visit
            </Button>
          ) : null}
        </Group>
        {proposing ? (
          <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)">
            <Stack gap="xs">
              <Title order={3} fz="h5">
                Propose a visit
              </Title>
              <VisitWindowsForm
                withPurpose
                submitLabel="Propose visit"
                busy={propose.isPending}
                error={propose.error}
                zoneHint={
                  zone
                    ? `Times are in ${zone}, the property's time zone.`
                    : "Times are in the property's local time."
                }
                onCancel={() => {
                  propose.reset();
                  setProposing(false);
                }}
                onSubmit={({ purpose, windows, note }) =>
                  propose.mutate(
                    { purpose, windows, ...(note ? { note } : {}) },
                    {
                      onSuccess: () => {
                        setProposing(false);
                        showToast({ color: 'green', message: 'Visit proposed.' });
                      },
                    },
                  )
                }
              />
            </Stack>
          </Paper>
        ) : null}
        {visits.isPending ? (
          <Loader size="sm" aria-label="Loading visits" />
        ) : visits.isError && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            The visits could not be loaded.
          </Text>
        ) : list.length === 0 ? (
          proposing ? null : (
            <Text size="sm" c="dimmed">
              {EMPTY_TEXT[role]}
            </Text>
          )
        ) : (
          visitsInOrder(list).map((visit) => (
            <VisitItem
              key={visit.id}
              visit={visit}
              role={role}
              pending={pendingStepsOf(pendingItems, visit.id)}
            />
          ))
        )}
      </Stack>
    </Card>
  );
}
