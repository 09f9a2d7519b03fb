import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core';

/** Every table's creation time. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Last change, set by Drizzle on every update through the ORM. Offline clients sync by it
 * (fetch what changed since their last cursor), so a raw SQL update must set it too.
 */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A nullable moment, e.g. `used_at`, `read_at`. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** Our own constants (never user input) as SQL string literals: DDL cannot take bound parameters. */
function literals(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

/** `column in ('a', 'b')`, for a CHECK constraint. */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${literals(values)})`;
}

/** Every element of a text[] column is one of the values, for a CHECK constraint. */
export function allOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ array[${literals(values)}]::text[]`;
}
