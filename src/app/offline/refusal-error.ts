import { ApiError, parseApiError } from '#app/lib/api-error.ts';
import type { OutboxRefusal } from './user-db.ts';

/** The ApiError a direct call would have thrown, so forms keep their error views for outbox writes. */
export function refusalError(refusal: OutboxRefusal): ApiError {
  if (refusal.body !== undefined) return parseApiError(refusal.status, refusal.body);
  return new ApiError({
    status: refusal.status,
    code: refusal.code,
    serverMessage: refusal.message,
    fieldErrors: refusal.fieldErrors,
  });
}
