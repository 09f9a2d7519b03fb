/**
 * Whole numbers as one PostgreSQL array literal (`{1,2,3}`), for a statement that takes a list of
 * ids as a single parameter (`= any($1::int[])`): its text stays the same for any number of ids
 * (so it can be built or prepared once), and a long list never meets PostgreSQL's 65,535 parameters.
 */
export function intArrayLiteral(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/**
 * Words as one PostgreSQL array literal (`{"HVAC","General Maintenance"}`), as `intArrayLiteral`
 * for `= any($1::text[])`. Each is quoted, its quotes and backslashes escaped.
 */
export function textArrayLiteral(words: readonly string[]): string {
  return `{${words.map((word) => `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
