import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { openSessionIds } from '#server/auth/session-store.ts';
import type { Listener } from '#server/db/database.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { REALTIME_CHANNEL } from './realtime-events.ts';
import { RealtimeHub, type RealtimeSubscriber } from './realtime-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's open event streams (GET /api/events/). */
    realtime: RealtimeHub;
  }
}

/**
 * The stream as the document describes it; it is written event by event and never serialized.
 * Events: `message` (a Message, src/shared/message-schemas.ts) and `notification` (a Notification,
 * src/shared/notification-schemas.ts), each with an `id:` and one JSON `data:` line, or `null` when
 * the payload was too large to send (the browser then refetches); `reset` (data null) when a
 * reconnecting stream may have missed events; `: heartbeat` comments every 25 s.
 */
const eventStream = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({
    type: 'string',
    description:
      'Server-Sent Events: `retry: 3000`, then `event: message` / `event: notification` with an `id:` and one JSON `data:` line each (null when too large: refetch), `event: reset` (refetch: events may have been missed while away), and `: heartbeat` comments every 25 s. A reconnect names the last event it got (the Last-Event-ID header, or `last_event_id`) and gets the events since, or `reset`.',
  });

const eventsQuerySchema = z.object({
  /** The last event's id, for a browser that cannot send Last-Event-ID (a new EventSource). */
  last_event_id: z.string().max(64).optional(),
});

const eventsSchema = {
  summary: "The signed-in user's live events (Server-Sent Events: new messages and notifications)",
  produces: ['text/event-stream'],
  querystring: eventsQuerySchema,
  response: {
    ...errorResponses,
    200: { description: 'An open event stream', content: { 'text/event-stream': { schema: eventStream } } },
  },
};

/** Below the usual 60-second idle cut of proxies and load balancers. */
const HEARTBEAT_MS = 25_000;

/**
 * Writes `: heartbeat` to every open stream, and ends those whose session was signed out or expired
 * meanwhile: one query for all of them, reading without touching last_seen_at, so an open tab alone
 * does not keep a session alive. A failed read ends nothing.
 */
async function heartbeat(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  const streams = [...hub.subscribers()];
  if (streams.length === 0) return;
  const sessionIds = [...new Set(streams.map((stream) => stream.sessionId).filter((id) => id !== null))];
  const open = await openSessionIds(app.db, sessionIds).catch(() => null);
  for (const stream of streams) {
    if (open === null || (stream.sessionId !== null && open.has(stream.sessionId))) stream.heartbeat();
    else stream.close();
  }
}

/**
 * GET /api/events/: Server-Sent Events for the signed-in user (cookie session; EventSource sends
 * no other header). Events `message` and `notification` reach only the users they concern, from
 * whichever process wrote them (LISTEN on REALTIME_CHANNEL). A reconnecting browser names the last
 * event it got and first gets the ones it missed (RealtimeHub.subscribe). One timer writes every
 * stream's heartbeat, so proxies do not close an idle stream; app.close() ends every stream so
 * shutdown does not wait on them. A stream that goes away leaves nothing behind.
 */
export interface RealtimeOptions {
  /** Between heartbeats (default 25 s; tests shorten it). */
  heartbeatMs?: number;
}

export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimeOptions) => {
  const hub = new RealtimeHub();
  app.decorate('realtime', hub);
  let listener: Listener | null = null;
  const beat = setInterval(() => void heartbeat(app, hub), options.heartbeatMs ?? HEARTBEAT_MS);
  beat.unref();

  app.addHook('onReady', async () => {
    listener = await app.database.listen(REALTIME_CHANNEL, (payload) => hub.dispatch(payload));
  });
  app.addHook('preClose', async () => {
    clearInterval(beat);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/events/', { schema: eventsSchema }, async (request, reply) => {
      const user = requireUser(request);
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' ? header : undefined) ?? request.query.last_event_id;
      const stream = new PassThrough();
      const write = (chunk: string) => {
        if (!stream.writableEnded) stream.write(chunk);
      };
      const subscriber: RealtimeSubscriber = {
        sessionId: request.auth.session?.id ?? null,
        send: (id, event, data) =>
          write(`event: ${event}\n${id === null ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`),
        heartbeat: () => write(': heartbeat\n\n'),
        close: () => stream.end(),
      };
      // The browser reconnects 3 s after a drop; the first comment flushes the headers at once.
      write('retry: 3000\n: connected\n\n');
      const unsubscribe = hub.subscribe(user.id, subscriber, lastEventId || undefined);
      // The response's close: the browser went away (the request's own close fires once it is read).
      reply.raw.once('close', () => {
        unsubscribe();
        stream.end();
      });
      stream.once('close', unsubscribe);
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    });
});
