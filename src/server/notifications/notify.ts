import type { NotificationKind } from '#shared/notification-preferences.ts';
import type { Db } from '../db/database.ts';
import { notifications } from '../db/schema/notifications.ts';
import { publishEvents } from '../realtime/realtime-events.ts';
import { planDeliveries } from './delivery-plan.ts';
import { notificationBody } from './notification-body.ts';

/** What made a notification; the kinds the product creates (kept in `notifications.kind`). */
export type { NotificationKind };

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  relatedRequestId?: number | null;
  /** new_message only: the vendor whose thread (with the related request) the message is in. */
  relatedVendorId?: number | null;
}

/**
 * Records notifications for the users an event concerns, with their deliveries by email, SMS and
 * Web Push (one per channel each user has on for the category: delivery-plan.ts), and pushes each to
 * its user's open event streams. Pass the transaction of the write that caused them, so a rolled-back
 * write leaves no notification or delivery behind and pushes nothing (the push leaves on commit).
 */
export async function notify(db: Db, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(
      items.map((item) => ({
        userId: item.userId,
        kind: item.kind,
        title: item.title,
        message: item.message,
        relatedRequestId: item.relatedRequestId ?? null,
        relatedVendorId: item.relatedVendorId ?? null,
      })),
    )
    .returning();
  await planDeliveries(db, rows);
  await publishEvents(
    db,
    rows.map((row) => ({ users: [row.userId], event: 'notification', data: notificationBody(row) })),
  );
}
