import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readAnswerThrough } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import {
  accessSchema,
  accessStore,
  keptAccessKey,
  keptVisitsKey,
  visitListSchema,
  visitsStore,
} from '#app/offline/kept-visits.ts';
import { offlineQueryFn } from '#app/offline/offline-query.ts';
import type { SubmitResult } from '#app/offline/outbox-api.ts';
import { submitThroughOutbox } from '#app/offline/outbox-api.ts';
import { submitWithPhotos } from '#app/offline/photo-write.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import type { OutboxKind } from '#app/offline/user-db.ts';
import { requestNumber } from '#shared/display-names.ts';
import type {
  AcceptVisitInput,
  AccessInput,
  ArrivedInput,
  CancelVisitInput,
  CounterVisitInput,
  LeftInput,
  OnMyWayInput,
  ProposeVisitInput,
  Visit,
  VisitList,
} from '#shared/visit-schemas.ts';
import { requestKeys } from './api.ts';

export const visitSchema = lazySchema(() => import('#shared/visit-schemas.ts').then((m) => m.visitSchema));

const segment = (value: number) => encodeURIComponent(String(value));
const requestPath = (requestId: number, part: 'visits' | 'access') =>
  `/api/requests/${segment(requestId)}/${part}/`;
const visitPath = (visitId: number, step: string) => `/api/visits/${segment(visitId)}/${step}/`;

export const visitKeys = {
  list: keptVisitsKey,
  access: keptAccessKey,
};

/**
 * GET /api/requests/{id}/visits/ (the request's managers and its awarded vendor). Offline, the copy
 * kept on the device answers (kept with the job, or from the last visit of this screen).
 */
export function visitsQueryOptions(requestId: number) {
  return queryOptions({
    queryKey: visitKeys.list(requestId),
    meta: { answer: 'visitList' },
    queryFn: offlineQueryFn(
      (signal) => apiRequest(requestPath(requestId, 'visits'), { schema: visitListSchema, signal }),
      visitsStore(requestId),
    ),
    refetchOnMount: 'always',
  });
}

export function useVisits(requestId: number, enabled: boolean) {
  return useQuery({ ...visitsQueryOptions(requestId), enabled });
}

/** GET /api/requests/{id}/access/ (managers; the awarded vendor while the job is in progress). */
export function accessQueryOptions(requestId: number) {
  return queryOptions({
    queryKey: visitKeys.access(requestId),
    meta: { answer: 'access' },
    queryFn: offlineQueryFn(
      (signal) => apiRequest(requestPath(requestId, 'access'), { schema: accessSchema, signal }),
      accessStore(requestId),
    ),
    refetchOnMount: 'always',
    // A 403 (the job is no longer the vendor's) is an answer, not a hiccup to retry.
    retry: false,
  });
}

export function useAccess(requestId: number, enabled: boolean) {
  return useQuery({ ...accessQueryOptions(requestId), enabled });
}

/** A visit the server answered, in place of its old copy in the request's list (or added to it). */
export function putVisit(queryClient: QueryClient, visit: Visit): void {
  queryClient.setQueryData<VisitList>(visitKeys.list(visit.request_id), (list) => {
    if (!list) return { results: [visit] };
    const known = list.results.some((item) => item.id === visit.id);
    return {
      results: known
        ? list.results.map((item) => (item.id === visit.id ? visit : item))
        : [...list.results, visit],
    };
  });
}

/** A visit step taken online: the answer replaces the visit, then the list and the detail refetch. */
function useVisitWrite<Input>(requestId: number, send: (input: Input) => Promise<Visit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (visit) => putVisit(queryClient, visit),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: visitKeys.list(requestId) }),
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(String(requestId)) }),
      ]),
  });
}

const postVisit = (path: string, json: unknown) =>
  apiRequest(path, { schema: visitSchema, method: 'POST', json });

/** POST /api/requests/{id}/visits/ {purpose, windows, note?}: a new visit (201). */
export const useProposeVisit = (requestId: number) =>
  useVisitWrite(requestId, (input: ProposeVisitInput) => postVisit(requestPath(requestId, 'visits'), input));

/** POST /api/visits/{id}/accept/ {window} */
export const useAcceptVisit = (requestId: number, visitId: number) =>
  useVisitWrite(requestId, (input: AcceptVisitInput) => postVisit(visitPath(visitId, 'accept'), input));

/** POST /api/visits/{id}/propose/ {windows, note?}: a counter-proposal, or a reschedule once confirmed. */
export const useCounterVisit = (requestId: number, visitId: number) =>
  useVisitWrite(requestId, (input: CounterVisitInput) => postVisit(visitPath(visitId, 'propose'), input));

/** POST /api/visits/{id}/cancel/ {reason?} */
export const useCancelVisit = (requestId: number, visitId: number) =>
  useVisitWrite(requestId, (input: CancelVisitInput) => postVisit(visitPath(visitId, 'cancel'), input));

/** PUT /api/requests/{id}/access/ (managers): the answer is the saved instructions. */
export function useSaveAccess(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessInput) =>
      apiRequest(requestPath(requestId, 'access'), { schema: accessSchema, method: 'PUT', json: input }),
    onSuccess: (access) => queryClient.setQueryData(visitKeys.access(requestId), access),
  });
}

/*
 * The vendor's steps on the day go through the offline outbox: `at` is the moment of the tap, so a
 * step made without signal lands later with its real time, exactly once (one Idempotency-Key across
 * replays). A refusal while the screen waits throws the ApiError a direct call would have.
 */

export type VisitStep = 'on_my_way' | 'arrived' | 'left';

export const VISIT_STEP_KINDS: Record<VisitStep, OutboxKind> = {
  on_my_way: 'visit.on_my_way',
  arrived: 'visit.arrived',
  left: 'visit.left',
};

const STEP_SEGMENTS: Record<VisitStep, string> = {
  on_my_way: 'on-my-way',
  arrived: 'arrived',
  left: 'left',
};

/** The path a step of one visit is sent to (how a waiting step is matched to its visit). */
export const visitStepPath = (visitId: number, step: VisitStep) => visitPath(visitId, STEP_SEGMENTS[step]);

const STEP_LABELS: Record<VisitStep, string> = {
  on_my_way: 'On my way',
  arrived: 'Arrived',
  left: 'Left',
};

/** A step the server took (`sent`, with the visit as it is now), or one kept on this phone. */
export type VisitStepResult = { kind: 'sent'; visit: Visit } | { kind: 'queued' };

async function stepResult(result: SubmitResult, path: string): Promise<VisitStepResult> {
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return { kind: 'sent', visit: await readAnswerThrough(visitSchema, result.body, { method: 'POST', path }) };
}

function stepWrite(visit: Pick<Visit, 'id' | 'number' | 'request_id'>, step: VisitStep) {
  return {
    kind: VISIT_STEP_KINDS[step],
    method: 'POST' as const,
    path: visitStepPath(visit.id, step),
    requestId: visit.request_id,
    label: `${STEP_LABELS[step]}: visit ${visit.number} of request ${requestNumber(visit.request_id)}`,
  };
}

type StepVisit = Pick<Visit, 'id' | 'number' | 'request_id'>;

/** POST /api/visits/{id}/on-my-way/ {at, eta_minutes} */
export async function submitOnMyWay(visit: StepVisit, input: OnMyWayInput): Promise<VisitStepResult> {
  const write = stepWrite(visit, 'on_my_way');
  return stepResult(await submitThroughOutbox({ ...write, body: { ...input } }), write.path);
}

/** POST /api/visits/{id}/arrived/ {at, latitude?, longitude?} */
export async function submitArrived(visit: StepVisit, input: ArrivedInput): Promise<VisitStepResult> {
  const write = stepWrite(visit, 'arrived');
  return stepResult(await submitThroughOutbox({ ...write, body: { ...input } }), write.path);
}

/** POST /api/visits/{id}/left/ {at, note?, another_visit_needed} (multipart with `photos` when there are any). */
export async function submitLeft(
  visit: StepVisit,
  input: LeftInput,
  photos: readonly File[],
): Promise<VisitStepResult> {
  const write = stepWrite(visit, 'left');
  const result = await submitWithPhotos(
    { ...write, body: { ...input } },
    photos.map((file) => ({ field: 'photos', file })),
  );
  return stepResult(result, write.path);
}

/** One of the three steps, from the visit card; a sent answer replaces the visit at once. */
export function useVisitStep<Input>(
  visit: StepVisit,
  send: (visit: StepVisit, input: Input) => Promise<VisitStepResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(visit, input),
    onSuccess: (result) => {
      if (result.kind === 'sent') putVisit(queryClient, result.visit);
    },
  });
}
