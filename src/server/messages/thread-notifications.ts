import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { notificationBody } from '#server/notifications/notification-body.ts';
import { publishEvents } from '#server/realtime/realtime-events.ts';
import type { ThreadAccess } from './message-thread.ts';

/**
 * Marking a thread read (POST /api/messages/read/) reads its new_message notices too: the reader's unread ones about this request
 * and, for a manager (one thread per vendor), this vendor. A vendor has one thread per request, so
 * every one of its notices about the request is this thread's (older rows have no vendor recorded).
 * The reader's open tabs are told, so the bell's badge drops without a reload.
 */
export async function markThreadNotificationsRead(
  db: Db,
  userId: number,
  access: ThreadAccess,
): Promise<void> {
  const marked = await db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        eq(notifications.kind, 'new_message'),
        eq(notifications.relatedRequestId, access.requestId),
        access.side === 'manager' ? eq(notifications.relatedVendorId, access.vendorId) : undefined,
      ),
    )
    .returning();
  await publishEvents(
    db,
    marked.map((row) => ({ users: [userId], event: 'notification' as const, data: notificationBody(row) })),
  );
}
