import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { bids } from '../db/schema/bids.ts';

/** Turns down every pending bid of a request (but `keepBidId`); answers the vendors concerned. */
export async function rejectPendingBids(tx: Db, requestId: number, now: Date, keepBidId?: number) {
  return tx
    .update(bids)
    .set({ status: 'rejected', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(bids.requestId, requestId),
        eq(bids.status, 'pending'),
        keepBidId === undefined ? undefined : ne(bids.id, keepBidId),
      ),
    )
    .returning({ id: bids.id, vendorId: bids.vendorId });
}

/**
 * Puts the bids a cancel turned down back to pending. Only a never-awarded request may be
 * reopened, and such a request's bids are rejected by a cancel and nothing else.
 */
export async function restoreRejectedBids(tx: Db, requestId: number, now: Date) {
  return tx
    .update(bids)
    .set({ status: 'pending', decidedAt: null, updatedAt: now })
    .where(and(eq(bids.requestId, requestId), eq(bids.status, 'rejected')))
    .returning({ id: bids.id, vendorId: bids.vendorId });
}

export async function pendingBidders(tx: Db, requestId: number): Promise<number[]> {
  const rows = await tx
    .select({ vendorId: bids.vendorId })
    .from(bids)
    .where(and(eq(bids.requestId, requestId), eq(bids.status, 'pending')));
  return rows.map((row) => row.vendorId);
}
