import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { NOTIFICATION_LIST_LIMIT } from '#shared/notification-schemas.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** The user's newest notifications (at most NOTIFICATION_LIST_LIMIT), read or unread when asked. */
export function listNotifications(
  db: DbOrTx,
  userId: number,
  isRead: boolean | undefined,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isRead === undefined ? undefined : eq(notifications.isRead, isRead),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
}

/** Marks the user's own notification read; null when it is not theirs (or not there). */
export async function markNotificationRead(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<NotificationRow | null> {
  const [own] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!own) return null;
  if (own.isRead) return own;
  const [updated] = await db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(eq(notifications.id, id))
    .returning();
  return updated ?? own;
}

/** Marks every unread notification of the user read; how many that was. */
export async function markAllNotificationsRead(db: DbOrTx, userId: number): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return marked.length;
}
