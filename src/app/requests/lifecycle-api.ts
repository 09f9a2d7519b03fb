import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readAnswerThrough } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { submitWithPhotos } from '#app/offline/photo-write.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import { requestNumber } from '#shared/display-names.ts';
import type { InvitationInput, OpenToVendorsInput } from '#shared/invitation-schemas.ts';
import type {
  AwardInput,
  BiddingInput,
  CancelInput,
  LifecycleNoteInput,
  SendBackInput,
} from '#shared/lifecycle-schemas.ts';
import type { LifecycleAnswer } from '#shared/request-responses.ts';
import { requestKeys } from './api.ts';

const lifecycleAnswerSchema = lazySchema(() =>
  import('#shared/request-responses.ts').then((m) => m.lifecycleAnswerSchema),
);
const invitationAnswerSchema = lazySchema(() =>
  import('#shared/request-responses.ts').then((m) => m.invitationAnswerSchema),
);
const openToVendorsAnswerSchema = lazySchema(() =>
  import('#shared/request-responses.ts').then((m) => m.openToVendorsAnswerSchema),
);

const path = (requestId: number, step: string) =>
  `/api/requests/${encodeURIComponent(String(requestId))}/${step}/`;

/** A lifecycle step answers the request's new state; the detail, lists and dashboards refetch. */
function useLifecycleStep<Input, Output = unknown>(
  requestId: number,
  send: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.detail(String(requestId)) }),
        queryClient.invalidateQueries({ queryKey: ['manager'] }),
        queryClient.invalidateQueries({ queryKey: ['vendor'] }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]),
  });
}

const post = (url: string, json: unknown) =>
  apiRequest(url, { schema: lifecycleAnswerSchema, method: 'POST', json });

/**
 * POST /api/requests/{id}/award/ {bid_id, option?, recommendation_note?}: `option` names one of the
 * bid's options; the note goes to the owner when the amount is above the limit (the answer is then
 * still `open`: the award waits for the owner, docs/decisions/owner-approval.md).
 */
export const useAwardBid = (requestId: number) =>
  useLifecycleStep(requestId, (input: AwardInput) => post(path(requestId, 'award'), input));

/** POST /api/requests/{id}/bidding/ {is_open_for_bids, bid_deadline?} */
export const useSetBidding = (requestId: number) =>
  useLifecycleStep(requestId, (input: BiddingInput) => post(path(requestId, 'bidding'), input));

/** POST /api/requests/{id}/cancel/ {reason?} */
export const useCancelRequest = (requestId: number) =>
  useLifecycleStep(requestId, (input: CancelInput) => post(path(requestId, 'cancel'), input));

/** POST /api/requests/{id}/confirm/ {note?} */
export const useConfirmCompletion = (requestId: number) =>
  useLifecycleStep(requestId, (input: LifecycleNoteInput) => post(path(requestId, 'confirm'), input));

/** POST /api/requests/{id}/send-back/ {note} */
export const useSendBack = (requestId: number) =>
  useLifecycleStep(requestId, (input: SendBackInput) => post(path(requestId, 'send-back'), input));

/** POST /api/requests/{id}/open/ {invite_all}: a vendor's report, held for the managers, opened to vendors. */
export const useOpenToVendors = (requestId: number) =>
  useLifecycleStep(requestId, (input: OpenToVendorsInput) =>
    apiRequest(path(requestId, 'open'), { schema: openToVendorsAnswerSchema, method: 'POST', json: input }),
  );

/**
 * POST /api/requests/{id}/invitations/ {vendors}: the request's managers invite more vendors while it
 * is Open; answers those newly invited (each is notified). The detail's invited list refetches.
 */
export const useInviteVendors = (requestId: number) =>
  useLifecycleStep(requestId, (input: InvitationInput) =>
    apiRequest(path(requestId, 'invitations'), {
      schema: invitationAnswerSchema,
      method: 'POST',
      json: input,
    }),
  );

/** POST /api/requests/{id}/reopen/ {note?} */
export const useReopenRequest = (requestId: number) =>
  useLifecycleStep(requestId, (input: LifecycleNoteInput) => post(path(requestId, 'reopen'), input));

/** A completion the server took (`sent`), or one kept on this device until it is back online. */
export type CompletionResult = { kind: 'sent'; body: LifecycleAnswer } | { kind: 'queued' };

/**
 * POST /api/requests/{id}/complete/: the awarded vendor's note and photos, through the offline
 * outbox (the photos are resized and kept on the phone, and the step keeps one Idempotency-Key
 * across replays). A refusal throws the ApiError a direct call would have.
 */
export async function submitCompletion(
  requestId: number,
  { note, photos }: { note: string; photos: File[] },
): Promise<CompletionResult> {
  const stepPath = path(requestId, 'complete');
  const result = await submitWithPhotos(
    {
      kind: 'request.complete',
      method: 'POST',
      path: stepPath,
      body: { note: note.trim() },
      requestId,
      label: `Completion of request ${requestNumber(requestId)}`,
    },
    photos.map((file) => ({ field: 'photos', file })),
  );
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return {
    kind: 'sent',
    body: await readAnswerThrough(lifecycleAnswerSchema, result.body, { method: 'POST', path: stepPath }),
  };
}

/** "Mark as complete" from the request detail. */
export const useMarkComplete = (requestId: number) =>
  useLifecycleStep(requestId, (input: { note: string; photos: File[] }) =>
    submitCompletion(requestId, input),
  );
