/**
 * The messages between the server's thread and the PGlite worker (pglite-worker.ts). Everything in
 * them crosses by structured clone, so no functions: a query's type parsers travel as the list of
 * type OIDs to keep as text, which is all Drizzle's parsers do.
 */

export interface WorkerInit {
  /** PGlite's data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from instead of a fresh initdb (test template). */
  loadDataDir?: ArrayBuffer;
}

/** Every request carries an id; the worker answers each with one `reply` of the same id. */
export type WorkerRequest =
  | {
      id: number;
      kind: 'query';
      /** The id of the `begin` whose transaction runs this statement; none outside a transaction. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Type OIDs whose values stay as PostgreSQL's text (Drizzle parses dates itself). */
      textTypes?: number[];
    }
  /** A script of statements without parameters (the simple protocol); answers each one's result. */
  | { id: number; kind: 'exec'; sql: string }
  /** Opens a transaction; its id names it in later queries, `commit` and `rollback`. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'commit' | 'rollback'; tx: number }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; listener: number }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** An error as it crossed: its message, name and primitive fields (SQLSTATE `code`, `constraint`...). */
export interface SerializedError {
  message: string;
  stack?: string;
  /** True for PostgreSQL's own errors (pg-protocol's DatabaseError), rebuilt as one. */
  database: boolean;
  fields: Record<string, string | number | boolean>;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError }
  /** A NOTIFY for the listener the `listen` request of that id registered. */
  | { kind: 'notify'; listener: number; payload: string };
