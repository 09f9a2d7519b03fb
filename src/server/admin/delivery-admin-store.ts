import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notificationDeliveries as d } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import type { AdminDelivery, AdminDeliveryPage, AdminDeliveryQuery } from '#shared/admin-deliveries.ts';

export const DELIVERY_PAGE_SIZE = 20;

/**
 * One page of notification deliveries, newest first, with the per-channel totals of all time.
 * Numbers show their last four digits only (as stored); the text sent is not listed.
 */
export async function listDeliveries(db: DbOrTx, query: AdminDeliveryQuery): Promise<AdminDeliveryPage> {
  const filters: SQL[] = [];
  if (query.channel) filters.push(eq(d.channel, query.channel));
  if (query.status) filters.push(eq(d.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const page = await readListPage(
    db.select({ total: count() }).from(d).where(where),
    db
      .select({
        id: d.id,
        channel: d.channel,
        category: d.category,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        createdAt: d.createdAt,
        sendAfter: d.sendAfter,
        sentAt: d.sentAt,
        recipient: d.recipient,
        deviceId: d.deviceId,
        mailStatus: mailOutbox.status,
        mailError: mailOutbox.lastError,
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        notificationId: notifications.id,
        title: notifications.title,
      })
      .from(d)
      .innerJoin(users, eq(users.id, d.userId))
      .innerJoin(notifications, eq(notifications.id, d.notificationId))
      .leftJoin(mailOutbox, eq(mailOutbox.id, d.mailId))
      .where(where)
      .orderBy(desc(d.createdAt), desc(d.id)),
    { page: query.page, pageSize: DELIVERY_PAGE_SIZE },
    (row): AdminDelivery => ({
      id: row.id,
      channel: row.channel,
      category: row.category,
      status: row.status,
      attempts: row.attempts,
      // A mail that the outbox failed to deliver carries the outbox's reason.
      last_error: row.lastError ?? (row.mailStatus === 'failed' ? row.mailError : null),
      created_at: row.createdAt.toISOString(),
      send_after: row.sendAfter.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      mail_status: row.mailStatus ?? null,
      user: {
        id: row.userId,
        name: `${row.firstName} ${row.lastName}`.trim() || row.email,
        email: row.email,
      },
      recipient:
        row.recipient ??
        (row.channel === 'email'
          ? row.email
          : row.channel === 'push'
            ? `device #${row.deviceId}`
            : 'the profile number'),
      notification: { id: row.notificationId, title: row.title },
    }),
  );
  const totals = await db
    .select({ channel: d.channel, status: d.status, count: count() })
    .from(d)
    .groupBy(d.channel, d.status)
    .orderBy(d.channel, d.status);
  return { ...page, totals };
}
