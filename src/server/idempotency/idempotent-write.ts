import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';

/** What a write handler answers: sent as is, and kept for replays of the same Idempotency-Key. */
export interface WriteAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs a replayable write (bids, messages, requests: DESIGN.md) in one transaction and sends its
 * answer. With an `Idempotency-Key` header the key is recorded in that same transaction, and a
 * replay gets the first answer without writing again.
 *
 * Interim version: transaction only; the key handling is being built in this folder.
 */
export async function idempotentWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Db) => Promise<WriteAnswer>,
): Promise<FastifyReply> {
  const answer = await request.server.db.transaction((tx) => write(tx as unknown as Db));
  return reply.code(answer.status).send(answer.body);
}
