import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { notificationDeliveries as d } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { notificationBody } from '#server/notifications/notification-body.ts';
import type { RealtimeEvent } from '#server/realtime/realtime-events.ts';

/** Why a new job's delivery did not go out: staff read it in Deliveries. */
export const REPLACED_BY_INVITATION = 'Replaced by the invitation to bid.';

/**
 * An invitation is the more specific notice of a request: a vendor invited after it heard of the
 * request as a new job keeps one unread notice of it, the invitation. Its unread 'new_job' notices
 * of the request are marked read, and their deliveries not out yet (queued, or held for quiet hours,
 * and not claimed by a sender) are cancelled with REPLACED_BY_INVITATION; what already went out
 * stays as it was. Answers the events that tell the vendors' open tabs (the bell's badge drops).
 * Pass the transaction that writes the invitations.
 */
export async function supersedeNewJobNotices(
  tx: DbOrTx,
  requestId: number,
  vendorIds: readonly number[],
): Promise<RealtimeEvent[]> {
  if (vendorIds.length === 0) return [];
  const marked = await tx
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(
      and(
        eq(notifications.kind, 'new_job'),
        eq(notifications.relatedRequestId, requestId),
        eq(notifications.isRead, false),
        inArray(notifications.userId, [...vendorIds]),
      ),
    )
    .returning();
  if (marked.length === 0) return [];
  await tx
    .update(d)
    .set({ status: 'cancelled', lastError: REPLACED_BY_INVITATION, lockedUntil: null })
    .where(
      and(
        inArray(
          d.notificationId,
          marked.map((row) => row.id),
        ),
        inArray(d.status, ['queued', 'held']),
        or(isNull(d.lockedUntil), lt(d.lockedUntil, sql`now()`)),
      ),
    );
  return marked.map((row) => ({
    users: [row.userId],
    event: 'notification' as const,
    data: notificationBody(row),
  }));
}
