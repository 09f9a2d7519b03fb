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
import { notify } from '../notifications/notify.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { insertMessage, readThread } from './message-store.ts';
import { loadThreadAccess } from './message-thread.ts';

/** How much of a message a new_message notification quotes. */
const NOTIFICATION_QUOTE_LENGTH = 200;

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
    const access = await loadThreadAccess(app.db, user, input.request, input.vendor);
    return idempotentWrite(request, reply, async (tx) => {
      const message = await insertMessage(tx, access, user, input.content);
      const recipients = access.side === 'vendor' ? access.managerIds : [access.vendorId];
      await notify(
        tx,
        recipients.map((userId) => ({
          userId,
          kind: 'new_message' as const,
          title: `New message from ${message.sender_name}`,
          message: message.content.slice(0, NOTIFICATION_QUOTE_LENGTH),
          relatedRequestId: access.requestId,
          relatedVendorId: access.vendorId,
        })),
        // Both sides' open screens (the sender's other tabs too) get the message itself.
        [{ users: [access.vendorId, ...access.managerIds], event: 'message', data: message }],
      );
      return { status: 201, body: message };
    });
  });

  await app.register(conversationRoutes);
}
