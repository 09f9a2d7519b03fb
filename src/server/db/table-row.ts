import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row of `table` as a raw statement returned it (`returning *`: the columns under their SQL
 * names), decoded by each column as Drizzle decodes its own queries' rows: for reusedSql's
 * statements, which Drizzle runs without a row shape.
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
