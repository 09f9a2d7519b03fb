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
  /** A key that expired before this moment is forgotten by the key's transaction (idempotentWrite). */
  now: Date;
}

/** The values of `CLAIM_PLACEHOLDERS`. */
export function claimValues(claim: KeyClaim): Record<string, unknown> {
  return {
    claimUserId: claim.userId,
    claimKey: claim.key,
    claimMethod: claim.method,
    claimPath: claim.path,
    claimHash: claim.requestHash,
    claimExpiresAt: claim.expiresAt.toISOString(),
  };
}

/** The key row's values as `claimKeySql` inserts them: SQL over its source's row. */
export interface ClaimColumns {
  userId: SQL;
  key: SQL;
  method: SQL;
  path: SQL;
  requestHash: SQL;
  expiresAt: SQL;
}

/** One claim's columns from the statement's placeholders (`claimValues`). */
export const CLAIM_PLACEHOLDERS: ClaimColumns = {
  userId: sql`${sql.placeholder('claimUserId')}::int`,
  key: sql`${sql.placeholder('claimKey')}::text`,
  method: sql`${sql.placeholder('claimMethod')}::text`,
  path: sql`${sql.placeholder('claimPath')}::text`,
  requestHash: sql`${sql.placeholder('claimHash')}::text`,
  expiresAt: sql`${sql.placeholder('claimExpiresAt')}::timestamptz`,
};

/**
 * The CTE `claim`: a key row for each row of `source` (a FROM clause over the write's CTEs, which
 * names the rows that claim), inserted with the write's answer (`answer.body`: JSON over the
 * source's row), or taking the place of an expired key. It returns `user_id, key` of each key it
 * claimed: a live key (answered, or in progress in another request, whose commit it waits for) is
 * not, and the statement's writes must depend on it, as they must commit or fail with it. A key
 * that expired is taken over, as idempotentWrite deletes it first.
 */
export function claimKeySql(source: SQL, columns: ClaimColumns, answer: { status: number; body: SQL }): SQL {
  return sql`claim as (
      insert into idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, completed_at, expires_at)
      select ${columns.userId}, ${columns.key}, ${columns.method}, ${columns.path}, ${columns.requestHash},
        ${sql.raw(String(Math.trunc(answer.status)))}, (${answer.body})::jsonb, now(), ${columns.expiresAt}
      from ${source}
      on conflict (user_id, key) do update set method = excluded.method, path = excluded.path,
        request_hash = excluded.request_hash, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = now(), completed_at = excluded.completed_at,
        expires_at = excluded.expires_at
      where idempotency_keys.expires_at < now()
      returning user_id, key
    )`;
}

/** The body exactly as JSON carries it (dates as strings), so the first answer equals every replay. */
export const answerAsJson = (body: unknown): unknown =>
  body === undefined ? null : JSON.parse(JSON.stringify(body));
