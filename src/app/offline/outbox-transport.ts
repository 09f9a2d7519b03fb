import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { getToken } from '#app/lib/token-store.ts';
import { classifyAnswer, NETWORK_FAILURE } from './outbox-outcome.ts';
import type { OutboxRequest, OutboxTransport } from './outbox-sender.ts';

const ANY_ANSWER = lazySchema(() => import('#shared/response-fields.ts').then((m) => m.anyAnswerSchema));

/** The multipart body of a write with photos: plain fields first, then the files. */
export function formDataOf(request: OutboxRequest): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.body)) {
    // Repeated fields (vendors) go as repeated parts, as the spec's multipart calls expect.
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  for (const file of request.files) form.append(file.field, file.blob, file.name);
  return form;
}

/**
 * Sends outbox writes through the app's API client, and only with the token of the session that
 * queued them: once another token is stored (a sign-in as someone else on this phone) the write is
 * held as "signed out" instead of going out under the new user's name.
 */
export function apiTransport(sessionToken: string): OutboxTransport {
  return async (request) => {
    if (getToken() !== sessionToken) return { kind: 'unauthorized' };
    try {
      // Any 2xx body is the acknowledgement: the write is done whatever its shape. The screen that
      // queued it reads the body through its own schema (readAnswer), as a direct call would.
      const body = await apiRequest(request.path, {
        schema: ANY_ANSWER,
        method: request.method,
        ...(request.files.length > 0 ? { formData: formDataOf(request) } : { json: request.body }),
        headers: { 'Idempotency-Key': request.idempotencyKey },
      });
      return { kind: 'acknowledged', body };
    } catch (error) {
      if (isApiError(error) && !error.isNetworkError) return classifyAnswer(error.status, error.body, null);
      // No answer (offline, DNS, a CSRF token that could not be fetched): try again later.
      return { kind: 'transient', reason: NETWORK_FAILURE, retryAfterMs: null };
    }
  };
}
