import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type AdminDelivery,
  type AdminDeliveryPage,
  adminDeliveryQuerySchema,
} from '#shared/admin-deliveries.ts';
import { requireStaff } from '../auth/guards.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { notificationDeliveries as d } from '../db/schema/notification-deliveries.ts';
import { notifications } from '../db/schema/notifications.ts';
import { users } from '../db/schema/users.ts';

const PAGE_SIZE = 20;

/**
 * GET /api/admin/notification-deliveries/?page&channel&status: every notification's way out by
 * email, SMS and push, newest first, for staff (issue 19): status, attempts, the last failure's
 * reason, and for email the outbox mail's own status. Numbers show their last four digits only; the
 * text sent is not listed (a message's content is between its two sides).
 */
export async function deliveryAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/notification-deliveries/', async (request): Promise<AdminDeliveryPage> => {
    requireStaff(request);
    const query = adminDeliveryQuerySchema.parse(request.query ?? {});
    const filters: SQL[] = [];
    if (query.channel) filters.push(eq(d.channel, query.channel));
    if (query.status) filters.push(eq(d.status, query.status));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [total] = await app.db.select({ total: count() }).from(d).where(where);
    const rows = await app.db
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
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE);
    const totals = await app.db
      .select({ channel: d.channel, status: d.status, count: count() })
      .from(d)
      .groupBy(d.channel, d.status)
      .orderBy(d.channel, d.status);
    const results: AdminDelivery[] = rows.map((row) => ({
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
    }));
    const matching = total?.total ?? 0;
    return {
      results,
      count: matching,
      total_pages: Math.max(1, Math.ceil(matching / PAGE_SIZE)),
      current_page: query.page,
      totals,
    };
  });
}
