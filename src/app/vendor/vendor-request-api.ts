import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAnswerThrough } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { submitWithPhotos } from '#app/offline/photo-write.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import { requestKeys } from '#app/requests/api.ts';
import type { CreatedRequest } from '#shared/request-responses.ts';
import type { SpotInput } from '#shared/request-spot.ts';
import type { Timeframe } from '#shared/statuses.ts';

const createdRequestSchema = lazySchema(() =>
  import('#shared/request-responses.ts').then((m) => m.createdRequestSchema),
);

export interface VendorRequestInput {
  type: string;
  description: string;
  timeframe: Timeframe;
  inviteAll: boolean;
  vendorIds: number[];
  photos: File[];
  projectId: number;
  /** For the Outbox's label while it waits. */
  propertyName: string;
  /** The spot on the plan: kept in the outbox with the other fields, as JSON text. */
  spot?: SpotInput | null;
}

/**
 * The fields of POST /api/requests/ as the vendor form sends them (signed-in spec, sections 3 and 7):
 * text values, `vendors` repeated. The same values go as multipart with photos and as JSON without
 * (the shared schema reads 'true'/'false' and '[]' from either).
 */
export function vendorRequestFields(input: VendorRequestInput): Record<string, unknown> {
  return {
    type: input.type,
    description: input.description.trim(),
    timeframe: input.timeframe,
    invite_all: input.inviteAll ? 'true' : 'false',
    areas_affected: '[]',
    project_id: String(input.projectId),
    ...(input.inviteAll ? {} : { vendors: input.vendorIds.map(String) }),
    ...(input.spot ? { spot: JSON.stringify(input.spot) } : {}),
  };
}

/** A request the server took (`saved`), or one kept on this device to be sent when back online. */
export type VendorRequestResult = { kind: 'saved'; request: CreatedRequest } | { kind: 'queued' };

/**
 * The vendor's report of work found on site, through the offline outbox: its photos are resized and
 * kept on the phone first, the write keeps one Idempotency-Key across replays, and a refusal throws
 * the ApiError a direct call would have, so the form shows it under its fields.
 */
export async function submitVendorRequest(input: VendorRequestInput): Promise<VendorRequestResult> {
  const path = '/api/requests/';
  const result = await submitWithPhotos(
    {
      kind: 'request.create',
      method: 'POST',
      path,
      body: vendorRequestFields(input),
      requestId: null,
      label: `${input.type} request for ${input.propertyName}`,
    },
    input.photos.map((file) => ({ field: 'photos', file })),
  );
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return {
    kind: 'saved',
    request: await readAnswerThrough(createdRequestSchema, result.body, { method: 'POST', path }),
  };
}

/** POST /api/requests/ from the vendor dashboard's Create Request form. */
export function useCreateVendorRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVendorRequest,
    onSuccess: (result) =>
      result.kind === 'saved' ? queryClient.invalidateQueries({ queryKey: requestKeys.all }) : undefined,
  });
}
