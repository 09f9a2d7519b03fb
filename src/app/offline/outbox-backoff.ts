export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Wait before the next try of a write that failed `attempts` times: exponential from 2 s, capped at
 * 5 minutes, with jitter (50–100 % of the step) so phones that regain the network together do not
 * hit the server in step. A server's Retry-After is a floor.
 */
export function backoffDelay(
  attempts: number,
  random: () => number,
  retryAfterMs: number | null = null,
): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(step * (0.5 + random() / 2));
  return retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
