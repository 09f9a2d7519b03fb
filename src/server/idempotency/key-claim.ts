import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';

/**
 * An Idempotency-Key a write claims in its own statement (issue 14: the offline outbox sends every
 * message and bid with a key, and the key's transaction took POST message from 3 round trips to 10:
 * BEGIN, the expired key's delete, the claim, a savepoint and its release, the answer, COMMIT).
 */
export interface KeyClaim {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  expiresAt: Date;
  /** A key that expired before this moment is taken over, as idempotentWrite deletes it first. */
  now: Date;
}

/** The values of `claimKeySql`'s placeholders. */
export function claimValues(claim: KeyClaim): Record<string, unknown> {
  return {
    claimUserId: claim.userId,
    claimKey: claim.key,
    claimMethod: claim.method,
    claimPath: claim.path,
    claimHash: claim.requestHash,
    claimExpiresAt: claim.expiresAt.toISOString(),
    claimNow: claim.now.toISOString(),
  };
}

/**
 * The CTE `claim`: the key's row for the write whose row `source` (a CTE) holds, inserted, or taking
 * the place of an expired key. It returns a row only then: a live key (answered, or in progress in
 * another request, whose commit it waits for) leaves it empty, and the statement's writes must
 * depend on it (`claimed`), or the caller roll back what it wrote without it. `answer`: the write's
 * answer, kept with the key by the same statement (`body`, JSON over `source`'s row); without one the
 * key is in progress until the caller stores its answer (`storeKeyAnswer`) before it commits. One
 * statement, or one transaction, so the key and the write commit together or not at all.
 */
export function claimKeySql(source: SQL, answer?: { status: number; body: SQL }): SQL {
  const kept = answer
    ? sql`${sql.raw(String(Math.trunc(answer.status)))}, (${answer.body})::jsonb, now()`
    : sql`null::int, null::jsonb, null::timestamptz`;
  return sql`claim as (
      insert into idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, completed_at, expires_at)
      select ${sql.placeholder('claimUserId')}::int, ${sql.placeholder('claimKey')}::text, ${sql.placeholder('claimMethod')}::text,
        ${sql.placeholder('claimPath')}::text, ${sql.placeholder('claimHash')}::text, ${kept},
        ${sql.placeholder('claimExpiresAt')}::timestamptz
      from ${source}
      on conflict (user_id, key) do update set method = excluded.method, path = excluded.path,
        request_hash = excluded.request_hash, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = now(), completed_at = excluded.completed_at,
        expires_at = excluded.expires_at
      where idempotency_keys.expires_at < ${sql.placeholder('claimNow')}::timestamptz
      returning 1
    )`;
}

/** The body exactly as JSON carries it (dates as strings), so the first answer equals every replay. */
export const answerAsJson = (body: unknown): unknown =>
  body === undefined ? null : JSON.parse(JSON.stringify(body));

/** The answer of a write that claimed its key without one (`claimKeySql`), in its transaction. */
export async function storeKeyAnswer(
  tx: DbOrTx,
  claim: KeyClaim,
  answer: { status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answerAsJson(answer.body), completedAt: new Date() })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}

/** The condition every write of a claiming statement depends on: the key was claimed. */
export const claimed = sql`exists (select 1 from claim)`;
