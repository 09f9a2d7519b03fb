import { and, asc, eq } from 'drizzle-orm';
import { allowedActions, type LifecycleRole, timelineLabel } from '#shared/request-lifecycle.ts';
import type { Db } from '../db/database.ts';
import { bids } from '../db/schema/bids.ts';
import { requestPhotos, requestStatusHistory } from '../db/schema/requests.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { personNameSql, vendorNameSql } from '../vendors/vendor-name.ts';
import { type RequestRow, stateOf } from './lifecycle-access.ts';

export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * The lifecycle part of GET /api/requests/{id}/: every history step, the awarded bid and the
 * vendor's completion report (both only for the managing side and the awarded vendor: a
 * competitor does not learn the winning price), and what the asker may do next.
 */
export async function requestProgress(db: Db, row: RequestRow, role: LifecycleRole) {
  const steps = await db
    .select({
      event: requestStatusHistory.event,
      from: requestStatusHistory.fromStatus,
      to: requestStatusHistory.toStatus,
      who: personNameSql,
      when: requestStatusHistory.createdAt,
      note: requestStatusHistory.note,
    })
    .from(requestStatusHistory)
    .leftJoin(users, eq(users.id, requestStatusHistory.changedById))
    .where(eq(requestStatusHistory.requestId, row.id))
    .orderBy(asc(requestStatusHistory.createdAt), asc(requestStatusHistory.id));
  const involved = role !== 'none';
  return {
    timeline: steps.map((step) => ({
      ...step,
      // A deleted user leaves the step without a name.
      who: step.who ?? null,
      label: timelineLabel(step.event, step.from, step.to),
    })),
    awarded_bid: involved && row.awardedBidId !== null ? await awardedBid(db, row.awardedBidId) : null,
    completion: involved ? await completion(db, row) : null,
    allowed_actions: allowedActions(stateOf(row), role),
  };
}

async function awardedBid(db: Db, bidId: number) {
  const [bid] = await db
    .select({
      id: bids.id,
      vendor_id: bids.vendorId,
      vendor_name: vendorNameSql,
      amount: bids.amount,
      estimated_time: bids.estimatedTime,
      estimated_time_unit: bids.estimatedTimeUnit,
      proposed_start_date: bids.proposedStartDate,
      notes: bids.notes,
      status: bids.status,
      awarded_at: bids.decidedAt,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.vendorId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
    .where(eq(bids.id, bidId));
  return bid ? { ...bid, estimated_time: Number(bid.estimated_time) } : null;
}

async function completion(db: Db, row: RequestRow) {
  const photos = await db
    .select({ id: requestPhotos.id, key: requestPhotos.storageKey })
    .from(requestPhotos)
    .where(and(eq(requestPhotos.requestId, row.id), eq(requestPhotos.kind, 'completion')))
    .orderBy(asc(requestPhotos.id));
  return {
    note: row.completionNote,
    photos: photos.map((photo) => ({ id: photo.id, url: fileUrl(photo.key) })),
    vendor_completed_at: row.vendorCompletedAt,
    completed_at: row.completedAt,
  };
}
