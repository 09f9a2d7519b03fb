import { type SQL, sql } from 'drizzle-orm';

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
 * The CTE `claim`: the key's row with the write's answer already in it (`status`, and `answer`, a
 * JSON text over `source`, the CTE that knows the written row's id and time), inserted, or taking the
 * place of an expired key. It returns a row only then: a live key (answered, or in progress in
 * another request, whose commit it waits for) leaves it empty, and every write of the statement must
 * depend on it (`claimed`), so that nothing is written and the caller answers as idempotentWrite does
 * for a key it finds. One statement, so the key and the write commit together or not at all, as in
 * the key's transaction.
 */
export function claimKeySql(status: number, answer: SQL, source: SQL): SQL {
  return sql`claim as (
      insert into idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, completed_at, expires_at)
      select ${sql.placeholder('claimUserId')}::int, ${sql.placeholder('claimKey')}::text, ${sql.placeholder('claimMethod')}::text,
        ${sql.placeholder('claimPath')}::text, ${sql.placeholder('claimHash')}::text, ${sql.raw(String(Math.trunc(status)))},
        (${answer})::jsonb, now(), ${sql.placeholder('claimExpiresAt')}::timestamptz
      from ${source}
      on conflict (user_id, key) do update set method = excluded.method, path = excluded.path,
        request_hash = excluded.request_hash, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = now(), completed_at = excluded.completed_at,
        expires_at = excluded.expires_at
      where idempotency_keys.expires_at < ${sql.placeholder('claimNow')}::timestamptz
      returning 1
    )`;
}

/** The condition every write of a claiming statement depends on: the key was claimed. */
export const claimed = sql`exists (select 1 from claim)`;
