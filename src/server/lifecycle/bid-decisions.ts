import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';

/** Turns down every pending bid of a request (but `keepBidId`); answers the vendors concerned. */
export async function rejectPendingBids(tx: DbOrTx, requestId: number, now: Date, keepBidId?: number) {
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
export async function restoreRejectedBids(tx: DbOrTx, requestId: number, now: Date) {
  return tx
    .update(bids)
    .set({ status: 'pending', decidedAt: null, updatedAt: now })
    .where(and(eq(bids.requestId, requestId), eq(bids.status, 'rejected')))
    .returning({ id: bids.id, vendorId: bids.vendorId });
}

export async function pendingBidders(tx: DbOrTx, requestId: number): Promise<number[]> {
  const rows = await tx
    .select({ vendorId: bids.vendorId })
    .from(bids)
    .where(and(eq(bids.requestId, requestId), eq(bids.status, 'pending')));
  return rows.map((row) => row.vendorId);
}

/**
 * A bid an award names, as it is now (its version and terms), with its vendor's shown name; undefined
 * when no such bid exists. Read in the award's transaction, after its request is locked.
 */
export async function findAwardCandidate(tx: DbOrTx, bidId: number) {
  const [bid] = await tx
    .select({ ...getTableColumns(bids), vendorName: vendorNameSql })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.vendorId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
    .where(eq(bids.id, bidId));
  return bid;
}

export type AwardCandidate = NonNullable<Awaited<ReturnType<typeof findAwardCandidate>>>;

/** Accepts the bid, and which of its options when it offered some. */
export async function acceptBid(
  tx: DbOrTx,
  bidId: number,
  now: Date,
  awardedOption: number | null = null,
): Promise<void> {
  await tx
    .update(bids)
    .set({ status: 'accepted', awardedOption, decidedAt: now, updatedAt: now })
    .where(eq(bids.id, bidId));
}
