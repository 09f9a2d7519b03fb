import type pg from 'pg';
import { hashToken, randomToken } from '#server/auth/tokens.ts';

/**
 * A session for each user, made in the database (no password hashing for thousands of sign-ins),
 * marked with `agent` so the bench removes them after. Answers each user's bearer token.
 */
export async function sessionsFor(
  db: pg.Client,
  agent: string,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  for (let start = 0; start < userIds.length; start += 1_000) {
    const rows = userIds.slice(start, start + 1_000).map((userId) => {
      const token = randomToken();
      tokens.set(userId, token);
      return { id: hashToken(token), user_id: userId };
    });
    await db.query(
      `insert into sessions (id, user_id, csrf_token, expires_at, user_agent)
       select r.id, r.user_id, 'bench', now() + interval '1 day', $2
       from json_to_recordset($1::json) as r(id text, user_id int)`,
      [JSON.stringify(rows), agent],
    );
  }
  return tokens;
}
