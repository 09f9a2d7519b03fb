import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { isSessionOpen } from '#server/auth/session-store.ts';
import type { Listener } from '#server/db/database.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { REALTIME_CHANNEL } from './realtime-events.ts';
import { RealtimeHub } from './realtime-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's open event streams (GET /api/events/). */
    realtime: RealtimeHub;
  }
}

async function sessionStillOpen(app: FastifyInstance, sessionId: string | null): Promise<boolean> {
  return sessionId !== null && isSessionOpen(app.db, sessionId);
}

/**
 * The stream as the document describes it; it is written event by event and never serialized.
 * Events: `message` (a Message, src/shared/message-schemas.ts) and `notification` (a Notification,
 * src/shared/notification-schemas.ts), each `data:` one JSON line, or `null` when the payload was
 * too large to send (the browser then refetches); `: heartbeat` comments every 25 s.
 */
const eventStream = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({
    type: 'string',
    description:
      'Server-Sent Events: `retry: 3000`, then `event: message` / `event: notification` with one JSON `data:` line each (null when too large: refetch), and `: heartbeat` comments every 25 s',
  });

const eventsSchema = {
  summary: "The signed-in user's live events (Server-Sent Events: new messages and notifications)",
  produces: ['text/event-stream'],
  response: {
    ...errorResponses,
    200: { description: 'An open event stream', content: { 'text/event-stream': { schema: eventStream } } },
  },
};

/** Below the usual 60-second idle cut of proxies and load balancers. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events/: Server-Sent Events for the signed-in user (cookie session; EventSource sends
 * no other header). Events `message` and `notification` reach only the users they concern, from
 * whichever process wrote them (LISTEN on REALTIME_CHANNEL). A comment every 25 s keeps proxies
 * from closing an idle stream; app.close() ends every stream so shutdown does not wait on them.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const hub = new RealtimeHub();
  app.decorate('realtime', hub);
  let listener: Listener | null = null;

  app.addHook('onReady', async () => {
    listener = await app.database.listen(REALTIME_CHANNEL, (payload) => hub.dispatch(payload));
  });
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/events/', { schema: eventsSchema }, async (request, reply) => {
      const user = requireUser(request);
      const stream = new PassThrough();
      const write = (chunk: string) => {
        if (!stream.writableEnded) stream.write(chunk);
      };
      const unsubscribe = hub.subscribe(user.id, {
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        close: () => stream.end(),
      });
      const sessionId = request.auth.session?.id ?? null;
      // Each heartbeat also ends a stream whose session was signed out or expired meanwhile. It reads
      // without touching last_seen_at, so an open tab alone does not keep a session alive.
      const heartbeat = setInterval(() => {
        void sessionStillOpen(app, sessionId).then(
          (open) => (open ? write(': heartbeat\n\n') : stream.end()),
          () => write(': heartbeat\n\n'),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const cleanUp = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      // The response's close: the browser went away (the request's own close fires once it is read).
      reply.raw.once('close', () => {
        cleanUp();
        stream.end();
      });
      stream.once('close', cleanUp);
      // The browser reconnects 3 s after a drop; the first comment flushes the headers at once.
      write('retry: 3000\n: connected\n\n');
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    });
});
