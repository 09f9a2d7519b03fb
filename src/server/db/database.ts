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
   * transaction commits). `onReconnect` runs after the LISTEN connection came back from a loss:
   * what was sent meanwhile is lost, so caches kept fresh by the channel must drop everything.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Listener>;
  /** How a library that brings its own SQL (the job queue, schedule/) reaches this same database. */
  readonly connection: RawConnection;
  close(): Promise<void>;
}

/**
 * PostgreSQL by its URL (the library opens its own small pool); the embedded database only through
 * the client of the one thread that owns it (PGlite has a single connection).
 */
export type RawConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: EmbeddedSqlClient };

/** What the embedded database's client offers such a library: PGlite's own signatures. */
export interface EmbeddedSqlClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of statements without parameters: one result per statement. */
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export const MIGRATIONS_FOLDER = new URL('../../../drizzle', import.meta.url).pathname;

export interface Listener {
  stop(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to `onPayload`.
   * A process that just committed a change waits on it before answering, so its own caches never
   * serve the next request a state older than the answer it gave (see auth/session-cache.ts).
   */
  sync(): Promise<void>;
  /**
   * True when sync() never has anything to wait for: every notification committed before an answer
   * this process has received was handed to `onPayload` ahead of that answer (PGlite, whose worker
   * posts them first). Whoever would wait on sync() before trusting a cache may then skip it.
   */
  readonly alwaysSynced?: boolean;
}

/** Sees every statement the application sends (the query-plan test EXPLAINs each one). */
export type QueryLog = (query: string, params: unknown[]) => void;

/** Drizzle's logger option for an optional QueryLog. */
export function queryLogger(logQuery: QueryLog | undefined) {
  return logQuery ? { logger: { logQuery } } : {};
}
