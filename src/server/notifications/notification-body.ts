import type { notifications } from '#server/db/schema/notifications.ts';
import type { Notification } from '#shared/notification-schemas.ts';

/** The notification as the API and the event stream answer it (signed-in spec, section 3). */
export function notificationBody(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    related_request: row.relatedRequestId,
  };
}
