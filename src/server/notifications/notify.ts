import type { Db } from '#server/db/database.ts';
import { publishEvents, type RealtimeEvent } from '#server/realtime/realtime-events.ts';
import type { NotificationKind } from '#shared/notification-preferences.ts';
import { type PlannedDelivery, planDeliveries } from './delivery-plan.ts';
import { notificationBody } from './notification-body.ts';
import { loadRecipients, type Recipient } from './notification-preferences-store.ts';
import { insertNotifications } from './notification-writes.ts';

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
 * its user's open event streams, together with `alsoPublish` (the event's own real-time events, so
 * the write sends one pg_notify statement, not two). Pass the transaction of the write that caused
 * them, so a rolled-back write leaves no notification or delivery behind and pushes nothing (the push
 * leaves on commit). Three statements whatever the number of recipients: the recipients,
 * the notifications with their deliveries, the events.
 */
export async function notify(
  db: Db,
  items: readonly NewNotification[],
  alsoPublish: readonly RealtimeEvent[] = [],
): Promise<void> {
  if (items.length === 0) {
    await publishEvents(db, alsoPublish);
    return;
  }
  const recipients = await loadRecipients(
    db,
    items.map((item) => item.userId),
  );
  const rows = await insertNotifications(db, items, planNotifications(items, recipients, new Date()));
  await publishEvents(db, [
    ...rows.map((row) => ({
      users: [row.userId],
      event: 'notification' as const,
      data: notificationBody(row),
    })),
    ...alsoPublish,
  ]);
}

/** Each notification's deliveries (`[i]` for `items[i]`), from its recipient's facts (loadRecipients). */
export function planNotifications(
  items: readonly NewNotification[],
  recipients: ReadonlyMap<number, Recipient>,
  now: Date,
): PlannedDelivery[][] {
  return items.map((item) =>
    planDeliveries(
      recipients.get(item.userId),
      {
        userId: item.userId,
        kind: item.kind,
        relatedRequestId: item.relatedRequestId ?? null,
        relatedVendorId: item.relatedVendorId ?? null,
      },
      now,
    ),
  );
}
