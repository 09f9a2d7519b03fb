import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './db-or-tx.ts';

/** Drizzle's prepared query: the SQL text, its parameters (placeholders among them) and its row mapping. */
export interface Prepared<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * What Drizzle's databases and transactions hold at run time but do not declare: their session's
 * driver client (node-postgres' pool or checked-out client, the PGlite worker client or its
 * transaction), which the prepared query sends its statement through.
 */
interface WithClient {
  dialect: object;
  session: { client: unknown };
}

/**
 * A statement Drizzle builds once instead of on every call. Building a query (walking its columns and
 * chunks, `is()` on each) was about a third of the server's own time per POST bid (the profile of
 * profile: 0.5 ms for the target's select, 0.4 ms for the insert, of ~3.5 ms). `build` writes the
 * query with `sql.placeholder(name)` where a value goes and returns its `.prepare('fieldbid_…')`.
 * On PostgreSQL, node-postgres then parses it once per connection under that name and later calls
 * only bind and execute it, so PostgreSQL stops parsing and analysing the hot writes' statements on
 * every call and may keep a generic plan for them (POST bid about 30% more a second, POST message
 * about 25%: docs/quality.md). Drizzle's PGlite driver sends no names. A name belongs to one SQL text:
 * node-postgres refuses a second text under a name it has prepared on that connection.
 *
 * Each call runs that prepared query through the client of the `db` or transaction it is given, with
 * the values filled in (Drizzle encodes each placeholder by its column, as it encodes a plain value),
 * so it is the same statement and the same rows as the query built per call. It is built once per
 * Drizzle instance (its dialect, which its transactions share): a prepared query keeps its driver's
 * way of running and the instance's query log, and a test process may open several databases.
 */
export function reusedStatement<Result>(
  build: (db: DbOrTx) => Prepared<Result>,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Result> {
  const built = new WeakMap<object, Prepared<Result>>();
  return (db, values) => {
    const { dialect, session } = db as unknown as WithClient;
    let prepared = built.get(dialect);
    if (prepared === undefined) {
      prepared = build(db);
      built.set(dialect, prepared);
    }
    const client = session.client;
    // The prepared query reads `this.client` when it runs: this call's connection, all else shared.
    const bound = Object.create(prepared, { client: { value: client } }) as Prepared<Result>;
    return bound.execute(values);
  };
}

/** What Drizzle's session builds a prepared query from (the same internals `reusedStatement` reads). */
interface WithSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): Prepared<{ rows: unknown[] }>;
  };
}

/**
 * A raw SQL statement built and named once, like `reusedStatement`'s, for a statement Drizzle's
 * builders cannot write (a write made of data-modifying CTEs: the one-statement writes).
 * Its placeholders are sent as given (no column encodes them: cast them in the SQL), and its rows
 * come back as the driver reads them, timestamps as text (Drizzle's parsers).
 */
export function reusedSql<Row>(
  name: string,
  build: () => SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  const statement = reusedStatement((db) => {
    const { dialect, session } = db as unknown as WithSession;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  return async (db, values) => (await statement(db, values)).rows as Row[];
}

/** Runs the statement of one shape (see `reusedStatementsByShape`). */
export type ShapedStatements<Result> = (
  db: DbOrTx,
  shape: string,
  build: (db: DbOrTx, name: string) => Prepared<Result>,
  values: object,
) => Promise<Result>;

/**
 * Statements built once per shape, like `reusedStatement`'s, for a query whose SQL text depends on
 * which of its filters are set (a list's): `build` writes the shape's query with placeholders and
 * prepares it under the name it is given (`${prefix}_${n}`, n counting this process's shapes), the
 * first time that shape runs on that Drizzle instance; each call fills in `values`. The caller's
 * `shape` must name everything the text depends on: one shape, one text, one name.
 */
export function reusedStatementsByShape<Result>(prefix: string): ShapedStatements<Result> {
  const byShape = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<Result>>();
  return (db, shape, build, values) => {
    let statement = byShape.get(shape);
    if (statement === undefined) {
      const name = `${prefix}_${byShape.size}`;
      statement = reusedStatement((first) => build(first, name));
      byShape.set(shape, statement);
    }
    return statement(db, values as Record<string, unknown>);
  };
}
