import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { idempotencyKeys } from '#server/db/schema/idempotency.ts';

/** At most one sweep per database handle in this long; keyed writes trigger it, no timer needed. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<Db, number>();

/** Deletes every expired key (the expires_at index makes it cheap). Returns how many went. */
export async function deleteExpiredKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * Opportunistic cleanup before a keyed write, throttled per process. A failure only logs: a
 * leftover expired row is harmless (the key's own write forgets it) and must not fail a request.
 */
export async function sweepExpiredKeys(db: Db, log: FastifyBaseLogger): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(db, now);
  try {
    await deleteExpiredKeys(db);
  } catch (error) {
    log.warn({ err: error }, 'idempotency key sweep failed');
  }
}
