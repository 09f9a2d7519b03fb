import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bidRevisions } from '#server/db/schema/bid-revisions.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { optionBodies } from '#server/request-core/priced-bid.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import type { BidRevision } from '#shared/bid-responses.ts';

/**
 * Every version of a bid's terms, oldest first (migration 0023 writes them), each with who made it by
 * the name the managers see the vendor by.
 */
export async function listBidRevisions(db: DbOrTx, bidId: number): Promise<BidRevision[]> {
  const rows = await db
    .select({ revision: bidRevisions, changedBy: vendorNameSql })
    .from(bidRevisions)
    .leftJoin(users, eq(users.id, bidRevisions.changedById))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bidRevisions.changedById))
    .where(eq(bidRevisions.bidId, bidId))
    .orderBy(asc(bidRevisions.version));
  return rows.map(({ revision, changedBy }) => ({
    version: revision.version,
    amount: revision.amount,
    estimated_time: Number(revision.estimatedTime),
    estimated_time_unit: revision.estimatedTimeUnit,
    proposed_start_date: revision.proposedStartDate.toISOString(),
    notes: revision.notes,
    line_items: revision.lineItems,
    options: optionBodies(revision.options),
    changed_by: revision.changedById === null ? null : changedBy,
    created_at: revision.createdAt.toISOString(),
  }));
}
