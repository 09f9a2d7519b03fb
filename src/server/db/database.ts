import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Drizzle over either PGlite or node-postgres: one SQL dialect, one type for every module. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** An open database plus what only its owner may do with it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel` (real-time fan-out: a `pg_notify` reaches every process once its
   * transaction commits). Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = new URL('../../../drizzle', import.meta.url).pathname;
