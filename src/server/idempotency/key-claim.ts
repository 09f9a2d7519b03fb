import { type SQL, sql } from 'drizzle-orm';

/**
 * An Idempotency-Key a write claims in its own statement (the offline outbox sends every
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

/**
 * The CTE `claim`: a key row for each row `alias` of `from` (the write's rows, over its CTEs) that
 * carries a key (`KeyColumns`), inserted with the write's answer (`answer.body`: JSON over that
 * row), or taking the place of an expired key, as idempotentWrite deletes it first. It returns
 * `user_id, key` of each key it claimed: a live key (answered, or in progress in another request,
 * whose commit it waits for) is not, and the row's writes must depend on it (`claimedOrKeyless`),
 * as they must commit or fail with it.
 */
export function claimKeySql(from: SQL, alias: string, answer: { status: number; body: SQL }): SQL {
  const column = (name: keyof KeyColumns) => sql.raw(`${alias}.${name}`);
  return sql`claim as (
      insert into idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, completed_at, expires_at)
      select ${column('key_user')}, ${column('key')}, ${column('key_method')}, ${column('key_path')}, ${column('key_hash')},
        ${sql.raw(String(Math.trunc(answer.status)))}, (${answer.body})::jsonb, now(), ${column('key_expires_at')}
      from ${from}
      where ${column('key')} is not null
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

/** The batch row `alias` goes ahead: it has no key, or `claimKeySql` claimed its key. */
export const claimedOrKeyless = (alias: string) =>
  sql.raw(
    `(${alias}.key is null or exists (select 1 from claim c where c.user_id = ${alias}.key_user and c.key = ${alias}.key))`,
  );

/** The body exactly as JSON carries it (dates as strings), so the first answer equals every replay. */
export const answerAsJson = (body: unknown): unknown =>
  body === undefined ? null : JSON.parse(JSON.stringify(body));
