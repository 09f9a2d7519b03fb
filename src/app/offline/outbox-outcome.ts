import type { OutboxRefusal } from './user-db.ts';

/** What one send of an outbox write came to. */
export type SendOutcome =
  | { kind: 'acknowledged'; body: unknown }
  | { kind: 'refused'; refusal: OutboxRefusal }
  | { kind: 'transient'; reason: string; retryAfterMs: number | null }
  | { kind: 'unauthorized' };

// Timeouts, "too early" and rate limits are the server saying "not now", not "no".
const TRANSIENT_4XX = new Set([408, 425, 429]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

function refusalOf(status: number, body: unknown): OutboxRefusal {
  const record = isRecord(body) ? body : {};
  const fieldErrors: Record<string, string[]> = {};
  if (isRecord(record.errors)) {
    for (const [field, value] of Object.entries(record.errors)) {
      const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      if (list.length > 0) fieldErrors[field] = list;
    }
  }
  const firstField = Object.values(fieldErrors)[0]?.[0] ?? null;
  return {
    status,
    code: typeof record.code === 'string' ? record.code : null,
    message:
      firstText(record.detail, record.error, record.non_field_errors, record.message) ??
      firstField ??
      (typeof body === 'string' && body.length < 300 ? body : `The server refused this (${status}).`),
    fieldErrors,
    body,
  };
}

/**
 * Sorts an HTTP answer: 2xx is the acknowledgement; 401 pauses the queue until sign-in; 408, 425,
 * 429 and 5xx are tried again later; any other 4xx is the server's final "no" and is kept for the user.
 */
export function classifyAnswer(status: number, body: unknown, retryAfterMs: number | null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'acknowledged', body };
  if (status === 401) return { kind: 'unauthorized' };
  if (status >= 500 || TRANSIENT_4XX.has(status)) {
    return { kind: 'transient', reason: `The server answered ${status}; trying again.`, retryAfterMs };
  }
  if (status >= 400) return { kind: 'refused', refusal: refusalOf(status, body) };
  // 1xx/3xx never reach here through fetch; treat anything else as "try again".
  return { kind: 'transient', reason: `Unexpected answer ${status}.`, retryAfterMs };
}

export const NETWORK_FAILURE = 'No connection to the server; waiting to try again.';
