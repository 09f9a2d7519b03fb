import type { z } from 'zod';
import type { ErrorCode, ErrorBody as SharedErrorBody } from '#shared/api-errors.ts';

/**
 * The shared error shape (src/shared/api-errors.ts) with its code from the shared enum; a few
 * answers add a field of their own (DUPLICATE_BID's `bidId`, an invalid token's `valid: false`),
 * which the route's error schema then names.
 */
export type ErrorBody = Omit<SharedErrorBody, 'code'> & {
  code?: ErrorCode;
  message?: string;
  [extra: string]: unknown;
};

/** An error a handler throws on purpose: its status and body reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(body.detail ?? body.error ?? body.message ?? body.non_field_errors?.[0] ?? `HTTP ${statusCode}`);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, { detail });

/** Zod issues as the spec's field map: `{field: [message, ...]}`; issues without a path are non-field. */
export function fieldErrors(error: z.ZodError): ErrorBody {
  const errors: Record<string, string[]> = {};
  const nonField: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) {
      nonField.push(issue.message);
      continue;
    }
    const key = String(field);
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return nonField.length > 0 ? { errors, non_field_errors: nonField } : { errors };
}

/** Parses a payload with the shared schema, or throws the 400 the spec's forms understand. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  return result.data;
}
