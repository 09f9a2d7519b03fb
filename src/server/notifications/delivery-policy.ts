/** How the delivery sender works through due deliveries (docs/decisions/notifications-away-from-the-screen.md, Notifications away from the screen). */
export const DELIVERY_POLICY = {
  /** Rows one claim takes; a pass claims again until nothing is due or maxBatches were sent. */
  batchSize: 50,
  maxBatches: 10,
  /**
   * Messages one thread's mail quotes, the newest: a flooded thread (an integration writing in a
   * loop) is one mail of bounded size, its total in the subject, not thousands of lines.
   */
  maxQuoted: 20,
  /** Texts and pushes sent at once within a batch. */
  concurrency: 8,
  /** A claim on an SMS or push is the claiming process's for this long (well past a send's 10 s timeout). */
  leaseMs: 2 * 60_000,
  /** After this many failed attempts an SMS or push is marked failed, its last reason kept. */
  maxAttempts: 10,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  pollMs: 2_000,
} as const;

/** 30 s, 1 min, 2 min, ... capped at an hour. */
export function deliveryRetryDelayMs(attempts: number): number {
  const delay = DELIVERY_POLICY.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(delay, DELIVERY_POLICY.maxRetryMs);
}

/** The reasons kept on a delivery that was not sent, as staff read them. */
export const NOT_SENT = {
  read: 'Read in the app before it was sent.',
  turnedOff: 'Turned off before it was sent.',
  noDevice: 'The device no longer receives notifications.',
  noNumber: 'The profile has no mobile number that can take texts.',
  unconfirmed: 'The mobile number is not confirmed.',
} as const;

/** Runs `work` on every item, at most `limit` at a time. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
