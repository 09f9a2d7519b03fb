import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_LIST_LIMIT, notificationQuerySchema } from '#shared/notification-schemas.ts';
import { requireUser } from '../auth/guards.ts';
import { cacheTag } from '../cache/cache-changes.ts';
import { sendCached } from '../cache/cached-answer.ts';
import { ReadCache } from '../cache/read-cache.ts';
import { notifications } from '../db/schema/notifications.ts';
import { notFound, parseInput } from '../http/http-error.ts';
import { notificationBody } from './notification-body.ts';

const NOT_FOUND = 'Notification not found.';

/** The signed-in user's own notifications (signed-in spec, sections 2, 4 and 7). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  // The bell polls this every few seconds (the spec's fallback to the event stream): kept per user
  // and filter until one of the user's notifications is written.
  const lists = new ReadCache(app.changeFeed.versions);
  app.get('/api/notifications/', async (request, reply) => {
    const user = requireUser(request);
    const { is_read } = parseInput(notificationQuerySchema, request.query);
    return sendCached(request, reply, lists, JSON.stringify([user.id, is_read ?? null]), async () => {
      const rows = await app.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, user.id),
            is_read === undefined ? undefined : eq(notifications.isRead, is_read),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT);
      return { body: rows.map(notificationBody), tags: [cacheTag.notifications(user.id)] };
    });
  });

  app.post<{ Params: { id: string } }>('/api/notifications/:id/mark-read/', async (request) => {
    const user = requireUser(request);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(NOT_FOUND);
    const id = Number(request.params.id);
    const [own] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
    // Someone else's notification answers as if it did not exist.
    if (!own) throw notFound(NOT_FOUND);
    if (own.isRead) return notificationBody(own);
    const [updated] = await app.db
      .update(notifications)
      .set({ isRead: true, readAt: new Date() })
      .where(eq(notifications.id, id))
      .returning();
    return notificationBody(updated ?? own);
  });

  app.post('/api/notifications/mark-all-read/', async (request) => {
    const user = requireUser(request);
    const marked = await app.db
      .update(notifications)
      .set({ isRead: true, readAt: new Date() })
      .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    return { marked: marked.length };
  });
}
