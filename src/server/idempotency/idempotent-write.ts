import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '#server/auth/guards.ts';
import type { Db } from '#server/db/database.ts';
import { idempotencyKeys } from '#server/db/schema/idempotency.ts';
import { HttpError } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';
import { sweepExpiredKeys } from './expired-keys.ts';
import {
  KEY_LIFETIME_MS,
  keyPath,
  REPLAYED_HEADER,
  readIdempotencyKey,
  requestHash,
} from './idempotency-key.ts';
import { answerAsJson, type KeyClaim } from './key-claim.ts';

/** What a write handler answers: sent as is, and kept for replays of the same Idempotency-Key. */
export interface WriteAnswer {
  status: number;
  body: unknown;
}

export interface IdempotencyOptions {
  /**
   * The payload the key is bound to, when `request.body` is not it: for multipart, the fields and
   * the SHA-256 of each file (the handler has read the stream; see requestHash).
   */
  payload?: unknown;
  /**
   * The write is atomic by itself (one statement, or it opens its own transaction where it needs
   * one): without a key it runs on the database directly, not in a transaction (BEGIN and
   * COMMIT were two of a bid's four round trips). With a key it still runs in the key's transaction.
   */
  atomic?: boolean;
  /**
   * The write with an Idempotency-Key claimed in its own statement (key-claim.ts): its answer, or
   * null when the key was not claimed (live: answered or in progress), which then takes the key's
   * transaction below to be answered as any known key is. Tried first: a key is new on nearly every
   * call. A refusal (4xx) it throws is answered by the transaction below too, which keeps it.
   */
  claimingWrite?: (claim: KeyClaim) => Promise<WriteAnswer | null>;
}

const REUSED_BODY = apiError('IDEMPOTENCY_KEY_REUSED');
const REUSED_PATH = apiError(
  'IDEMPOTENCY_KEY_REUSED',
  'This Idempotency-Key was already used for a different request.',
);
const IN_PROGRESS = apiError('IDEMPOTENCY_KEY_IN_PROGRESS');

type Outcome = { replayed: boolean; answer: WriteAnswer };

/**
 * Runs a replayable write (bids, messages, requests: DESIGN.md) in one transaction (unless it is
 * `atomic` and has no key) and sends its answer. Everything the write reads or writes must go through the `tx` it is given: on PGlite a
 * query on `app.db` would wait for this very transaction to end.
 *
 * With an `Idempotency-Key` header (signed-in users only; the key is per user) the key row is
 * inserted first in that transaction. A concurrent request with the same key blocks on that row
 * until the first commits, then finds it and answers the stored answer; a replay never writes.
 * A 4xx HttpError from the write rolls the write back (to a savepoint) but its answer is kept for
 * the key, so the offline outbox sees the same refusal on every replay; a 5xx or any other error
 * rolls everything back, key included, because a retry may succeed.
 */
export async function idempotentWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Db) => Promise<WriteAnswer>,
  options: IdempotencyOptions = {},
): Promise<FastifyReply> {
  const { db } = request.server;
  const key = readIdempotencyKey(request);
  if (key === null) {
    const answer = options.atomic ? await write(db) : await db.transaction((tx) => write(tx));
    return reply.code(answer.status).send(answer.body);
  }
  const user = requireUser(request);
  const method = request.method;
  const path = keyPath(request);
  const hash = requestHash(method, path, 'payload' in options ? options.payload : request.body);
  const thisKey = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
  await sweepExpiredKeys(db, request.log);
  const claim: KeyClaim = {
    userId: user.id,
    key,
    method,
    path,
    requestHash: hash,
    expiresAt: new Date(Date.now() + KEY_LIFETIME_MS),
    now: new Date(),
  };
  if (options.claimingWrite) {
    const answer = await options.claimingWrite(claim).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode < 500) return null;
      throw error;
    });
    if (answer !== null) return reply.code(answer.status).send(answer.body);
  }

  const { now, ...keyRow } = claim;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // An expired key is forgotten: the same key starts afresh.
    await tx.delete(idempotencyKeys).where(and(thisKey, lt(idempotencyKeys.expiresAt, now)));
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values(keyRow)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!stored || stored.responseStatus === null) throw new HttpError(409, IN_PROGRESS);
      if (stored.method !== method || stored.path !== path) throw new HttpError(422, REUSED_PATH);
      if (stored.requestHash !== hash) throw new HttpError(422, REUSED_BODY);
      return { replayed: true, answer: { status: stored.responseStatus, body: stored.responseBody } };
    }
    let answer: WriteAnswer;
    try {
      const written = await tx.transaction((inner) => write(inner));
      answer = { status: written.status, body: answerAsJson(written.body) };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      answer = { status: error.statusCode, body: answerAsJson(error.body) };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body, completedAt: new Date() })
      .where(thisKey);
    return { replayed: false, answer };
  });

  if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(outcome.answer.status).send(outcome.answer.body);
}
