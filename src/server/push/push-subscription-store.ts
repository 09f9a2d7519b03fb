import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A user keeps a device per browser; past this many the oldest ones are surely gone. */
export const PUSH_DEVICES_PER_USER = 20;

/** The user's devices, newest first. */
export function listPushSubscriptions(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/**
 * Stores a browser's subscription for the user. Bound to its endpoint: the same browser subscribing
 * again, or after another user signed in on it, moves that row, so a device never gets two people's
 * notifications. The oldest devices beyond PUSH_DEVICES_PER_USER go.
 */
export async function savePushSubscription(
  db: Db,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string },
): Promise<PushSubscriptionRow> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } })
      .returning();
    // A browser that stopped answering never unsubscribes.
    const kept = await listPushSubscriptions(tx, values.userId);
    for (const old of kept.slice(PUSH_DEVICES_PER_USER)) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
    }
    return saved!;
  });
}

/** Removes one of the user's own devices; false when it is not theirs (or not there). */
export async function deletePushSubscription(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
