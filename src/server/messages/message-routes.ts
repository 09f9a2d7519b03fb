import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { cachesReady } from '#server/cache/request-ready.ts';
import { parseInput } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import {
  MAX_MESSAGE_PHOTO_BYTES,
  MAX_MESSAGE_PHOTOS,
  messageInputSchema,
  messageQuerySchema,
  messageReadInputSchema,
  messageReadResponseSchema,
  messageSchema,
  messageThreadSchema,
} from '#shared/message-schemas.ts';
import { messageFormSchema } from '#shared/photo-forms.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { createMessageService } from './message-service.ts';
import { readMessageUpload } from './message-upload.ts';

/**
 * GET and POST /api/messages/, POST /api/messages/read/ and the conversations list (signed-in spec,
 * sections 2 and 7).
 */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to these routes: only POST /api/messages/ takes photos. One file over the count is let
  // through so the count gets its own message.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_MESSAGE_PHOTO_BYTES, files: MAX_MESSAGE_PHOTOS + 1, fields: 10, parts: 20 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireUser);
  // Who may take part in a thread, reading, marking read and sending (message-service.ts).
  const messages = createMessageService(app.db, app.changeFeed, app.files, app.log);

  const threadSchema = {
    summary: "A thread's newest messages (at most 500), oldest first; marks nothing read",
    querystring: messageQuerySchema,
    response: { ...errorResponses, 200: messageThreadSchema },
  };
  api.get('/api/messages/', { schema: threadSchema, preValidation: signedInFirst }, async (request) => {
    const user = requireUser(request);
    const query = request.query;
    const access = await messages.access(cachesReady(request), user, query.request, query.vendor);
    return messages.read(access);
  });

  // A write, so a page on another site cannot make it (CSRF, like every cookie-authenticated write),
  // with the same access rule as reading the thread: only who may read it may mark it read.
  const markReadSchema = {
    summary:
      "Mark a thread read: the other side's messages and the caller's notices of it (their email, text and push not sent yet are cancelled)",
    body: messageReadInputSchema,
    response: { ...errorResponses, 200: messageReadResponseSchema },
  };
  api.post(
    '/api/messages/read/',
    { schema: markReadSchema, preValidation: signedInFirst },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      const access = await messages.access(cachesReady(request), user, input.request, input.vendor);
      // The messages and their notices are marked read together or not at all.
      return { marked: await messages.markRead(user, access) };
    },
  );

  const sendSchema = {
    summary:
      'Send a message in a thread, as JSON or multipart with photos (replayable with an Idempotency-Key)',
    // Read by the handler itself (JSON or multipart): a form for the document only.
    formBody: messageFormSchema,
    consumes: ['application/json', 'multipart/form-data'],
    response: { ...errorResponses, 201: messageSchema },
  };
  api.post('/api/messages/', { schema: sendSchema, preValidation: signedInFirst }, async (request, reply) => {
    const user = requireUser(request);
    if (request.isMultipart()) {
      // The thread is checked when the first photo arrives, before a byte of it is read.
      const upload = await readMessageUpload(app, request, (fields) =>
        messages.access(cachesReady(request), user, fields.request, fields.vendor, true),
      );
      const { access, input, photos } = upload;
      return idempotentWrite(
        request,
        reply,
        async (tx) => ({
          status: 201,
          body: await messages.sendWithPhotos(tx, user, access, input.content, photos),
        }),
        { payload: upload.canonical },
      );
    }
    const input = parseInput(messageInputSchema, request.body);
    const access = await messages.access(cachesReady(request), user, input.request, input.vendor, true);
    // One statement (message-send.ts): without an Idempotency-Key it needs no transaction, and with
    // one (the offline outbox's every message) the statement claims it.
    return idempotentWrite(
      request,
      reply,
      async (db) => ({ status: 201, body: await messages.send(db, user, access, input.content) }),
      {
        atomic: true,
        claimingWrite: async (claim) => {
          const message = await messages.send(app.db, user, access, input.content, claim);
          return message === null ? null : { status: 201, body: message };
        },
      },
    );
  });

  await app.register(conversationRoutes);
}
