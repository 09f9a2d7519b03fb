import { categoryOfKind, type NotificationChannel } from '#shared/notification-preferences.ts';
import type { Db } from '../db/database.ts';
import { notificationDeliveries } from '../db/schema/notification-deliveries.ts';
import type { notifications } from '../db/schema/notifications.ts';
import { loadRecipients, type Recipient, wants } from './notification-preferences-store.ts';
import { quietUntil } from './quiet-hours.ts';

export const DELIVERY_PLAN = {
  /**
   * A message's mail waits this long, so the messages that follow it on the thread go out in the same
   * mail, and reading the thread in the app meanwhile means no mail at all.
   */
  emailBatchWindowMs: 3 * 60_000,
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

/**
 * The deliveries of freshly written notifications: one per channel the recipient has on for the
 * notification's category (and one per push device). Called by notify() inside the transaction that
 * wrote the notifications, so both commit or neither does.
 */
export async function planDeliveries(
  db: Db,
  rows: readonly NotificationRow[],
  now = new Date(),
): Promise<number> {
  if (rows.length === 0) return 0;
  const recipients = await loadRecipients(
    db,
    rows.map((row) => row.userId),
  );
  const planned: NewDelivery[] = [];
  for (const row of rows) {
    const recipient = recipients.get(row.userId);
    if (!recipient) continue;
    const category = categoryOfKind(row.kind);
    const base = { notificationId: row.id, userId: row.userId, category };
    if (wants(recipient, category, 'email')) {
      const batchKey = threadBatchKey(row);
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
  }
  if (planned.length === 0) return 0;
  const inserted = await db
    .insert(notificationDeliveries)
    .values(planned)
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  return inserted.length;
}
