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

/**
 * A write's key as a row of a batched statement carries it (json_to_recordset's columns `key_user`,
 * `key`, `key_method`, `key_path`, `key_hash`, `key_expires_at`), all null without a key.
 */
export interface KeyColumns {
  key_user: number | null;
  key: string | null;
  key_method: string | null;
  key_path: string | null;
  key_hash: string | null;
  key_expires_at: string | null;
}

export function keyColumns(claim: KeyClaim | undefined): KeyColumns {
  return {
    key_user: claim?.userId ?? null,
    key: claim?.key ?? null,
    key_method: claim?.method ?? null,
    key_path: claim?.path ?? null,
    key_hash: claim?.requestHash ?? null,
    key_expires_at: claim?.expiresAt.toISOString() ?? null,
  };
}

/** The recordset's column types of `KeyColumns`, to follow a batch's own in its column list. */
export const KEY_COLUMN_TYPES = sql.raw(
  'key_user int, key text, key_method text, key_path text, key_hash text, key_expires_at timestamptz',
);

/** `claimKeySql`'s columns from the batch row `alias` (`KeyColumns`). */
export function batchClaimColumns(alias: string): ClaimColumns {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    userId: column('key_user'),
    key: column('key'),
    method: column('key_method'),
    path: column('key_path'),
    requestHash: column('key_hash'),
    expiresAt: column('key_expires_at'),
  };
}

/** The batch row `alias` goes ahead: it has no key, or `claimKeySql` claimed its key. */
export const claimedOrKeyless = (alias: string) =>
  sql.raw(
    `(${alias}.key is null or exists (select 1 from claim c where c.user_id = ${alias}.key_user and c.key = ${alias}.key))`,
  );

/** The body exactly as JSON carries it (dates as strings), so the first answer equals every replay. */
export const answerAsJson = (body: unknown): unknown =>
  body === undefined ? null : JSON.parse(JSON.stringify(body));
