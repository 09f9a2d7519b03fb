import { z } from 'zod';
import { API_KEY_MESSAGES } from './api-keys.ts';

/*
 * The error half of the contract (DESIGN.md, API conventions): every error answer has one shape, and
 * every `code` the server sends is a key of ERROR_MESSAGES. The server answers with these messages
 * (`apiError`), the browser shows them (the bid dialog's texts come from here), and the OpenAPI
 * document lists the codes. A code whose detail depends on the case (which step, which inbox item)
 * keeps a general message here and the server sends the specific one as `detail`.
 */
export const ERROR_MESSAGES = {
  // Sign-in, sessions and CSRF
  CSRF_FAILED: 'CSRF Failed: CSRF token missing or incorrect.',
  NO_SESSION: 'No session: fetch a token from /api/get-csrf-token/ first.',
  EMAIL_NOT_CONFIRMED: 'Please confirm your email address before logging in. Check your inbox for the link.',
  // Vendor API keys
  API_KEY_INVALID: API_KEY_MESSAGES.invalid,
  API_KEY_INACTIVE: API_KEY_MESSAGES.inactive,
  API_KEY_NOT_ALLOWED: API_KEY_MESSAGES.notAllowed,
  API_KEY_RATE_LIMITED: API_KEY_MESSAGES.tooManyRequests,
  TOO_MANY_API_KEYS: API_KEY_MESSAGES.tooMany,
  // Applications
  TOO_MANY_APPLICATIONS:
    'Too many applications are being filled in from your network (an office or public Wi-Fi shares one) right now. Please try again in an hour.',
  // Bids (signed-in spec, section 8: the bid dialog's error views)
  DUPLICATE_BID: 'You have already submitted a bid for this request.',
  REQUEST_UNAVAILABLE: "We're sorry, but this request is no longer available.",
  INSURANCE_EXPIRED:
    'Your insurance certificate has expired. Upload a current certificate in Settings before bidding.',
  BID_NOT_EDITABLE: 'Only a pending bid can be changed.',
  OWN_REQUEST: 'You cannot bid on a request you raised yourself.',
  BID_CHANGED: 'This bid changed since you opened it. Review its current terms and award again.',
  VENDOR_UNDER_REVIEW:
    'Your application is under review. You can see jobs and bid once our staff have approved it.',
  // The request lifecycle and the admin inbox (the detail names the step or the item)
  INVALID_TRANSITION: "This step is not possible in the request's current state.",
  ALREADY_HANDLED: 'This item has already been handled.',
  ALREADY_OPEN: 'This item is already open.',
  // Idempotent writes (the offline outbox)
  IDEMPOTENCY_KEY_INVALID: 'The Idempotency-Key header must be 1 to 255 printable characters.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request body.',
  IDEMPOTENCY_KEY_IN_PROGRESS:
    'A request with this Idempotency-Key is still being handled. Please try again.',
  // The server itself
  DATABASE_UNAVAILABLE: 'The database is unavailable. Try again shortly.',
  STORAGE_UNAVAILABLE: 'File storage is unavailable. Try again shortly.',
  STARTING: 'The server is starting. Try again shortly.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

/**
 * Fastify's and its plugins' own 4xx codes (bad JSON, body too large, multipart limits) pass through
 * with their messages (http/error-handler.ts); they all start with FST_.
 */
export const frameworkErrorCodeSchema = z
  .string()
  .regex(/^FST_[A-Z0-9_]+$/)
  .meta({ description: 'A code of Fastify or one of its plugins (e.g. FST_ERR_CTP_INVALID_JSON_BODY).' });

export const errorCodeSchema = z.union([z.enum(ERROR_CODES), frameworkErrorCodeSchema]);

/**
 * Every error answer: `errors` for field errors (`{field: [message]}`), `non_field_errors`, `detail`,
 * `error` (the spec's password and property calls), and `code` when the caller can act on the kind.
 */
export const errorBodySchema = z
  .object({
    errors: z.record(z.string(), z.array(z.string())).optional(),
    non_field_errors: z.array(z.string()).optional(),
    detail: z.string().optional(),
    error: z.string().optional(),
    code: errorCodeSchema.optional(),
  })
  .meta({ id: 'Error', description: 'The error answer of every call (DESIGN.md, API conventions).' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{detail, code}` with the code's own message, or a more specific `detail` for this case. */
export function apiError(
  code: ErrorCode,
  detail: string = ERROR_MESSAGES[code],
): { detail: string; code: ErrorCode } {
  return { detail, code };
}

/** DUPLICATE_BID's answer also names the bid already there, so the dialog can offer to modify it. */
export const duplicateBidErrorSchema = errorBodySchema.extend({
  code: z.literal('DUPLICATE_BID'),
  bidId: z.number().int().positive(),
});
