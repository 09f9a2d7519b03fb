import { and, type SQL, sql } from 'drizzle-orm';

/**
 * A list's search box: every word of `search` (split on white space) appears somewhere in
 * `haystack`, any case, so "park highlands" finds Elena Park's message about Highlands. LIKE's
 * wildcards in the words are taken literally. No words: no filter (undefined).
 */
export function everyWordIn(haystack: SQL, search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => sql`${haystack} ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
  );
}
