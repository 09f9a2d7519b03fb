import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageInputSchema,
  messageQuerySchema,
  messageSchema,
  messageThreadSchema,
} from '#shared/message-schemas.ts';
import { requireUser } from '../auth/guards.ts';
import { checkFirst } from '../auth/route-guards.ts';
import { errorResponses } from '../http/route-schemas.ts';
import { idempotentWrite } from '../idempotency/idempotent-write.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { sendMessage } from './message-send.ts';
import { readThread } from './message-store.ts';
import { loadThreadAccess } from './message-thread.ts';

/** GET and POST /api/messages/ plus the conversations list (signed-in spec, sections 2 and 7). */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireUser);

  const threadSchema = {
    summary: "A thread's newest messages (at most 500), oldest first; marks the other side's read",
    querystring: messageQuerySchema,
    response: { ...errorResponses, 200: messageThreadSchema },
  };
  api.get('/api/messages/', { schema: threadSchema, preValidation: signedInFirst }, async (request) => {
    const user = requireUser(request);
    const query = request.query;
    const access = await loadThreadAccess(app.db, user, query.request, query.vendor);
    // One transaction: the messages and their notices are marked read together or not at all.
    return app.db.transaction((tx) => readThread(tx, user.id, access, query.mark_read));
  });

  const sendSchema = {
    summary: 'Send a message in a thread (replayable with an Idempotency-Key)',
    body: messageInputSchema,
    response: { ...errorResponses, 201: messageSchema },
  };
  api.post('/api/messages/', { schema: sendSchema, preValidation: signedInFirst }, async (request, reply) => {
    const user = requireUser(request);
    const input = request.body;
    const access = await loadThreadAccess(app.db, user, input.request, input.vendor, true);
    // One statement (message-send.ts): without an Idempotency-Key it needs no transaction, and with
    // one (the offline outbox's every message) the statement claims it.
    return idempotentWrite(
      request,
      reply,
      async (db) => ({ status: 201, body: await sendMessage(db, access, user, input.content) }),
      {
        atomic: true,
        claimingWrite: async (claim) => {
          const message = await sendMessage(app.db, access, user, input.content, claim);
          return message === null ? null : { status: 201, body: message };
        },
      },
    );
  });

  await app.register(conversationRoutes);
}
