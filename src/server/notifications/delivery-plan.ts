import type { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import type { notifications } from '#server/db/schema/notifications.ts';
import { categoryOfKind, type NotificationChannel } from '#shared/notification-preferences.ts';
import { type Recipient, wants } from './notification-preferences-store.ts';
import { quietUntil } from './quiet-hours.ts';

export const DELIVERY_PLAN = {
  /**
   * A message's mail waits this long, so the messages that follow it on the thread go out in the same
   * mail, and reading the thread in the app meanwhile means no mail at all. With the delivery pass and
   * the mail outbox each polling every 2 s, the mail reaches the SMTP server within a minute of the
   * message (tests/api/notification-email.test.ts, "on the wire").
   */
  emailBatchWindowMs: 45_000,
} as const;

type NotificationRow = typeof notifications.$inferSelect;
type NewDelivery = typeof notificationDeliveries.$inferInsert;

/** The thread a message notification belongs to, which its mail is batched by. */
export function threadBatchKey(row: Pick<NotificationRow, 'kind' | 'relatedRequestId' | 'relatedVendorId'>) {
  if (row.kind !== 'new_message' || row.relatedRequestId === null) return null;
  return `thread:${row.relatedRequestId}:${row.relatedVendorId ?? 0}`;
}

/** Quiet hours hold texts and pushes (not mail, which waits in an inbox anyway). */
function timing(recipient: Recipient, channel: NotificationChannel, now: Date) {
  const window = recipient.quiet;
  if (channel === 'email' || !window?.enabled) return { status: 'queued' as const, sendAfter: now };
  const until = quietUntil(window, now);
  return until.getTime() > now.getTime()
    ? { status: 'held' as const, sendAfter: until }
    : { status: 'queued' as const, sendAfter: now };
}

/** A delivery planned before its notification is written (notify() writes both in one statement). */
export type PlannedDelivery = Omit<NewDelivery, 'notificationId'>;

/**
 * The deliveries of a notification being written: one per channel the recipient has on for the
 * notification's category (and one per push device). notify() writes them in the transaction that
 * writes the notification, so both commit or neither does.
 */
export function planDeliveries(
  recipient: Recipient | undefined,
  notification: Pick<NotificationRow, 'userId' | 'kind' | 'relatedRequestId' | 'relatedVendorId'>,
  now: Date,
): PlannedDelivery[] {
  if (!recipient) return [];
  const planned: PlannedDelivery[] = [];
  const category = categoryOfKind(notification.kind);
  const base = { userId: notification.userId, category };
  if (wants(recipient, category, 'email')) {
    const batchKey = threadBatchKey(notification);
    planned.push({
      ...base,
      channel: 'email',
      status: 'queued',
      batchKey,
      sendAfter: batchKey ? new Date(now.getTime() + DELIVERY_PLAN.emailBatchWindowMs) : now,
    });
  }
  if (wants(recipient, category, 'sms')) {
    planned.push({ ...base, channel: 'sms', ...timing(recipient, 'sms', now) });
  }
  if (wants(recipient, category, 'push')) {
    for (const deviceId of recipient.deviceIds) {
      planned.push({ ...base, channel: 'push', deviceId, ...timing(recipient, 'push', now) });
    }
  }
  return planned;
}
