import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { GroupCommit } from '#server/db/group-commit.ts';
import { parseInput } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import type { KeyClaim } from '#server/idempotency/key-claim.ts';
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
import {
  deleteStoredPhotos,
  insertMessagePhotos,
  photoLinks,
  storeMessagePhotos,
} from './message-photo-store.ts';
import {
  type MessageWrite,
  messageWrite,
  type Sender,
  type Sent,
  sentMessage,
  writeMessages,
} from './message-send.ts';
import { markThreadRead, readThread } from './message-store.ts';
import { loadThreadAccess, type ThreadAccess } from './message-thread.ts';
import { readMessageUpload } from './message-upload.ts';
import { ThreadAccessCache } from './thread-access-cache.ts';

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
  const threads = new ThreadAccessCache(app.changeFeed, app.db);
  // Messages sent while one batch is written go together in the next (db/group-commit.ts): at most
  // two statements in flight, one running while the other commits. 64 keeps a statement's JSON
  // small (a message is at most 5,000 characters).
  const sends = new GroupCommit<MessageWrite, Sent>((writes) => writeMessages(app.db, writes), {
    maxBatch: 64,
    maxInFlight: 2,
    exclusiveKeys: ({ message }) => (message.key === null ? [] : [`${message.key_user} ${message.key}`]),
    onBatchFailure: (err, size) =>
      app.log.warn({ err, size }, 'POST message: a batch failed; each write is tried alone'),
  });
  /** On the database itself a message joins the group commit; in a key's transaction it is written there. */
  const send = async (db: DbOrTx, user: Sender, access: ThreadAccess, content: string, claim?: KeyClaim) => {
    const { write, unsent } = messageWrite(access, user, content, claim);
    const sent = db === app.db ? await sends.submit(write) : (await writeMessages(db, [write]))[0]!;
    return sentMessage(unsent, sent);
  };

  const threadSchema = {
    summary: "A thread's newest messages (at most 500), oldest first; marks nothing read",
    querystring: messageQuerySchema,
    response: { ...errorResponses, 200: messageThreadSchema },
  };
  api.get('/api/messages/', { schema: threadSchema, preValidation: signedInFirst }, async (request) => {
    const user = requireUser(request);
    const query = request.query;
    const access = await loadThreadAccess(threads.rowFor(request), user, query.request, query.vendor);
    return readThread(app.db, access);
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
      const access = await loadThreadAccess(threads.rowFor(request), user, input.request, input.vendor);
      // One transaction: the messages and their notices are marked read together or not at all.
      const marked = await app.db.transaction((tx) => markThreadRead(tx, user.id, access));
      return { marked };
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
        loadThreadAccess(threads.rowFor(request), user, fields.request, fields.vendor, true),
      );
      const { access, input, photos } = upload;
      return idempotentWrite(
        request,
        reply,
        async (tx) => {
          const stored = await storeMessagePhotos(tx, app.files, access, photos);
          try {
            const { write, unsent } = messageWrite(
              access,
              user,
              input.content,
              undefined,
              photoLinks(stored),
            );
            const [sent] = await writeMessages(tx, [write]);
            if (!sent) throw new Error('A message without an Idempotency-Key claim was not written.');
            await insertMessagePhotos(tx, sent.id, access, stored);
            return { status: 201, body: sentMessage(unsent, sent) };
          } catch (error) {
            // The rows roll back; nothing references these files.
            await deleteStoredPhotos(app.files, stored);
            throw error;
          }
        },
        { payload: upload.canonical },
      );
    }
    const input = parseInput(messageInputSchema, request.body);
    const access = await loadThreadAccess(threads.rowFor(request), user, input.request, input.vendor, true);
    // One statement (message-send.ts): without an Idempotency-Key it needs no transaction, and with
    // one (the offline outbox's every message) the statement claims it.
    return idempotentWrite(
      request,
      reply,
      async (db) => ({ status: 201, body: await send(db, user, access, input.content) }),
      {
        atomic: true,
        claimingWrite: async (claim) => {
          const message = await send(app.db, user, access, input.content, claim);
          return message === null ? null : { status: 201, body: message };
        },
      },
    );
  });

  await app.register(conversationRoutes);
}
