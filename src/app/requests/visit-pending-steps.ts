import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readAnswerThrough } from '#app/lib/api-client.ts';
import { onWriteSettled } from '#app/offline/offline-session.ts';
import { useOutboxItems } from '#app/offline/outbox-hooks.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import type { Visit } from '#shared/visit-schemas.ts';
import { putVisit, VISIT_STEP_KINDS, type VisitStep, visitSchema, visitStepPath } from './visits-api.ts';

const STEPS: readonly VisitStep[] = ['on_my_way', 'arrived', 'left'];
const STEP_KINDS = new Set<string>(Object.values(VISIT_STEP_KINDS));

/** The steps of one visit still in this phone's outbox (waiting, sending or refused), by step. */
export type PendingSteps = Partial<Record<VisitStep, OutboxItem>>;

export function pendingStepsOf(items: readonly OutboxItem[], visitId: number): PendingSteps {
  const pending: PendingSteps = {};
  for (const step of STEPS) {
    const item = items.find(
      (candidate) =>
        candidate.kind === VISIT_STEP_KINDS[step] && candidate.path === visitStepPath(visitId, step),
    );
    if (item) pending[step] = item;
  }
  return pending;
}

/** This request's visit steps waiting in the outbox. */
export function usePendingVisitSteps(requestId: number): OutboxItem[] {
  return useOutboxItems(requestId).filter((item) => STEP_KINDS.has(item.kind));
}

/**
 * A step sent later from the outbox answers the visit as it is now: it replaces the kept copy at
 * once, so the step's button does not come back between the write leaving the outbox and the list's
 * refetch (the screens refetch after every settled write, use-offline-session-sync.ts).
 */
export function useVisitStepAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onWriteSettled((item, outcome) => {
        if (!STEP_KINDS.has(item.kind) || outcome.kind !== 'acknowledged') return;
        readAnswerThrough(visitSchema, outcome.body, { method: item.method, path: item.path }).then(
          (visit) => putVisit(queryClient, visit),
          () => undefined,
        );
      }),
    [queryClient],
  );
}

/**
 * Which of the day's steps the vendor may take now: those the server allows, and, while an earlier
 * step waits on this phone (no signal), the one after it (the outbox sends them in order).
 */
export function offeredSteps(visit: Visit, pending: PendingSteps): VisitStep[] {
  const done: Record<VisitStep, boolean> = {
    on_my_way: visit.on_my_way_at !== null || pending.on_my_way !== undefined,
    arrived: visit.arrived_at !== null || pending.arrived !== undefined,
    left: visit.left_at !== null || pending.left !== undefined,
  };
  const allowed = new Set(visit.allowed_actions);
  const onTheDay =
    allowed.has('on_my_way') || allowed.has('arrived') || allowed.has('left') || done.on_my_way;
  if (visit.status !== 'confirmed' || !onTheDay || done.left) return [];
  const offered: VisitStep[] = [];
  if (!done.on_my_way && !done.arrived && allowed.has('on_my_way')) offered.push('on_my_way');
  if (!done.arrived && (allowed.has('arrived') || pending.on_my_way)) offered.push('arrived');
  if (!done.left && (allowed.has('left') || pending.arrived)) offered.push('left');
  return offered;
}
