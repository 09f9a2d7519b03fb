import type { Db } from '../db/database.ts';
import { notifications } from '../db/schema/notifications.ts';

/** What made a notification; the kinds the product creates (kept in `notifications.kind`). */
export type NotificationKind =
  | 'new_job'
  | 'invited'
  | 'bid_received'
  | 'bid_accepted'
  | 'bid_rejected'
  | 'new_message'
  | 'request_status';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  relatedRequestId?: number | null;
}

/**
 * Records notifications for the users an event concerns. Pass the transaction of the write that
 * caused them, so a rolled-back write leaves no notification behind.
 */
export async function notify(db: Db, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((item) => ({
      userId: item.userId,
      kind: item.kind,
      title: item.title,
      message: item.message,
      relatedRequestId: item.relatedRequestId ?? null,
    })),
  );
}
