import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * The rows of a raw SQL query. `Db` spans PGlite and node-postgres, whose raw results Drizzle types
 * as unknown; both carry `rows`. The caller names the row shape it selected.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
