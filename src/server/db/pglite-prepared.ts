import { type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';

/** The part of PGlite (or one of its transactions) a statement runs through. */
export type PgliteTarget = Pick<Transaction, 'query' | 'exec'>;

interface Entry {
  uses: number;
  /** A PREPARE of it is on its way: callers meanwhile run it as sent (waiting could deadlock). */
  preparing?: boolean;
  /** The prepared statement's name; null when this text is run as sent (it could not be prepared). */
  name?: string | null;
  /** Its parameters' type OIDs, as PostgreSQL inferred them at PREPARE. */
  paramTypes?: number[];
}

/** Texts counted, and statements prepared, at most: a query whose text varies stays as sent. */
const MAX_TEXTS = 2_000;
const MAX_PREPARED = 500;

/** A value as a SQL string literal, whatever standard_conforming_strings says. */
const literal = (text: string) => `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Named statements on PGlite. PGlite runs a query with parameters as an unnamed statement,
 * so PostgreSQL parses, analyses and plans it on every call, inside the WASM thread every query
 * shares; a named statement skips that. Measured on the bench data: POST message's write 2.2 ms as
 * sent, 1.2 ms executed by name; the thread's access check 0.69 ms, 0.30 ms. PGlite has no API for
 * named protocol statements, so a text seen twice is PREPAREd in SQL and then EXECUTEd, its values
 * written as literals of the types PostgreSQL inferred for them, serialized as PGlite's own query()
 * would serialize them (the same text reaches the same input functions). The rows, the fields and
 * the errors of EXECUTE are those of the statement itself. A text PREPARE refuses is run as sent.
 */
export class PreparedStatements {
  readonly #entries = new Map<string, Entry>();
  #prepared = 0;

  /**
   * `inTransaction`: a statement that fails there ends the transaction, so PREPARE's own error is
   * answered (the error running the text would have given, its position counted in PREPARE's text);
   * outside one, the text is then run as sent, which answers its exact error.
   */
  async query(
    target: PgliteTarget,
    sql: string,
    params: unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results> {
    const entry = params.length === 0 ? undefined : this.#entry(sql);
    if (entry === undefined || entry.name === null || entry.preparing || entry.uses < 2)
      return target.query(sql, params, options);
    if (entry.name === undefined && !(await this.#prepare(target, sql, entry, inTransaction)))
      return target.query(sql, params, options);
    const values = encode(params, entry.paramTypes!);
    if (values === null) return target.query(sql, params, options);
    try {
      const results = await target.exec(`EXECUTE ${entry.name}(${values.join(', ')})`, options);
      return results[results.length - 1]!;
    } catch (error) {
      // A table the statement reads changed its columns (a migration): PostgreSQL keeps such a
      // statement's plan from being used again. Run this text as sent from now on.
      if (
        inTransaction ||
        !(error instanceof Error && error.message.includes('cached plan must not change result type'))
      )
        throw error;
      entry.name = null;
      return target.query(sql, params, options);
    }
  }

  #entry(sql: string): Entry | undefined {
    let entry = this.#entries.get(sql);
    if (entry === undefined) {
      if (this.#entries.size >= MAX_TEXTS) return undefined;
      entry = { uses: 0 };
      this.#entries.set(sql, entry);
    }
    entry.uses += 1;
    return entry;
  }

  async #prepare(target: PgliteTarget, sql: string, entry: Entry, inTransaction: boolean): Promise<boolean> {
    if (this.#prepared >= MAX_PREPARED) {
      entry.name = null;
      return false;
    }
    // Counted before the first await: no two PREPAREs ever take one name.
    this.#prepared += 1;
    const name = `fieldbid_pglite_${this.#prepared}`;
    entry.preparing = true;
    try {
      await target.exec(`PREPARE ${name} AS ${sql}`);
      const { rows } = await target.query<{ types: number[] }>(
        'select parameter_types::oid[] as types from pg_prepared_statements where name = $1',
        [name],
      );
      entry.paramTypes = rows[0]?.types ?? [];
      entry.name = name;
      return true;
    } catch (error) {
      // Refused as the text is refused as sent (the same parse).
      entry.name = null;
      if (inTransaction) throw error;
      return false;
    } finally {
      entry.preparing = false;
    }
  }
}

/** The values as literals, or null when one is not text once serialized (binary: sent as is). */
function encode(params: unknown[], paramTypes: number[]): string[] | null {
  const out: string[] = [];
  for (const [index, value] of params.entries()) {
    if (value === null || value === undefined) {
      out.push('NULL');
      continue;
    }
    const type = paramTypes[index];
    const serialize = type === undefined ? undefined : types.serializers[type];
    // No serializer for the type (arrays among them): String() would not write PostgreSQL's text of
    // an object, so the statement goes as sent, where PGlite serializes it itself.
    if (!serialize && typeof value === 'object') return null;
    const text: unknown = serialize ? serialize(value) : String(value);
    if (typeof text !== 'string') return null;
    out.push(literal(text));
  }
  return out;
}
