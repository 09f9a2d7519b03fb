import { readAnswer } from '#app/lib/api-client.ts';
import { submitWithPhotos } from '#app/offline/photo-write.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import { requestNumber } from '#shared/display-names.ts';
import { type MessageInput, messageSchema } from '#shared/message-schemas.ts';
import type { SendMessageResult } from './api.ts';

/**
 * POST /api/messages/ as multipart, through the offline outbox like every message: each photo is
 * resized (at most 2048 px, JPEG, no metadata) and kept on the device before the message is queued,
 * so a message written offline goes out later with its photos under one Idempotency-Key, exactly
 * once. The thread's fields go before the photos, as the server reads them. A refusal throws the
 * ApiError a direct call would have.
 */
export async function sendMessageWithPhotos(
  input: MessageInput,
  photos: readonly File[],
): Promise<SendMessageResult> {
  const path = '/api/messages/';
  const result = await submitWithPhotos(
    {
      kind: 'message.create',
      method: 'POST',
      path,
      body: {
        request: input.request,
        ...(input.vendor === undefined ? {} : { vendor: input.vendor }),
        content: input.content,
      },
      requestId: input.request,
      label: `Message with ${photos.length === 1 ? 'a photo' : `${photos.length} photos`} on request ${requestNumber(input.request)}`,
    },
    photos.map((file) => ({ field: 'photos', file })),
  );
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return { kind: 'sent', message: readAnswer(messageSchema, result.body, { method: 'POST', path }) };
}
