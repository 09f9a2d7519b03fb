import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered: longer than any offline spell the outbox is meant to survive. */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Printable ASCII (space to tilde), as in the IETF Idempotency-Key draft's examples. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

export const INVALID_KEY = apiError('IDEMPOTENCY_KEY_INVALID');

/** The request's key, or null without the header; 400 for an empty, repeated or malformed one. */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !VALID_KEY.test(raw)) throw new HttpError(400, INVALID_KEY);
  return raw;
}

/** The path the key is bound to: no query, no trailing slash (both spellings reach the same route). */
export function keyPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** JSON with object keys sorted at every depth, so `{a, b}` and `{b, a}` hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}

/** What a reused key is compared by: method, path and canonical payload. */
export function requestHash(method: string, path: string, payload: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(payload)}`)
    .digest('hex');
}

export const sha256Hex = (body: Buffer) => createHash('sha256').update(body).digest('hex');
