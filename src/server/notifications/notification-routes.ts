import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { type CachedJson, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { readDep } from '#server/cache/read-deps.ts';
import { notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  markAllReadResponseSchema,
  notificationListSchema,
  notificationQuerySchema,
  notificationSchema,
} from '#shared/notification-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { notificationBody } from './notification-body.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notification-store.ts';

const NOT_FOUND = 'Notification not found.';

/** The signed-in user's own notifications (signed-in spec, sections 2, 4 and 7). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireUser);

  // The bell polls this every few seconds (the spec's fallback to the event stream): kept per user
  // and filter until one of the user's notifications is written.
  const lists = new CachedRead<CachedJson>('notifications', app.changeFeed.versions);
  const listSchema = {
    summary: "The user's newest notifications (at most 100), newest first",
    querystring: notificationQuerySchema,
    response: { ...errorResponses, 200: notificationListSchema },
  };
  api.get(
    '/api/notifications/',
    { schema: listSchema, preValidation: signedInFirst },
    async (request, reply) => {
      const user = requireUser(request);
      const { is_read } = request.query;
      const key = { asker: user, query: [is_read ?? null] };
      return sendCached(request, reply, lists, key, async () => {
        const rows = await listNotifications(app.db, user.id, is_read);
        return { body: rows.map(notificationBody), deps: [readDep.notifications(user.id)] };
      });
    },
  );

  const markReadSchema = {
    summary: 'Mark one of the own notifications read',
    params: idParamsSchema,
    response: { ...errorResponses, 200: notificationSchema },
  };
  const markReadOptions = {
    schema: markReadSchema,
    preValidation: signedInFirst,
    config: { notFound: { detail: NOT_FOUND } },
  };
  api.post('/api/notifications/:id/mark-read/', markReadOptions, async (request) => {
    const user = requireUser(request);
    const row = await markNotificationRead(app.db, user.id, request.params.id);
    // Someone else's notification answers as if it did not exist.
    if (!row) throw notFound(NOT_FOUND);
    return notificationBody(row);
  });

  const markAllSchema = {
    summary: 'Mark every own notification read',
    response: { ...errorResponses, 200: markAllReadResponseSchema },
  };
  api.post('/api/notifications/mark-all-read/', { schema: markAllSchema }, async (request) => {
    const user = requireUser(request);
    return { marked: await markAllNotificationsRead(app.db, user.id) };
  });
}
