import { ReadCache, type Tagged } from '#server/cache/read-cache.ts';
import type { TagVersions } from '#server/cache/tag-versions.ts';

/*
 * Deep pages of the jobs list start from a kept anchor instead of an OFFSET. An OFFSET
 * walks every visible row before the page: 18 ms for page 1,000 of the demo vendor on the bench
 * data, most of it rows the visibility rule throws away, and five vendors paging deep kept both
 * cores busy. An anchor is the sort key of every ANCHOR_SPACING-th row of one list (one vendor's
 * view, filters and order), found in one walk; a page then reads at most ANCHOR_SPACING rows past
 * the anchor before it. Anchors depend on the same data as the list's pages (the lists' cache tag)
 * and are dropped with them; so does the list's count, kept beside them.
 */

export const ANCHOR_SPACING = 100;

/** A row's place in a list's order. `createdAt` is PostgreSQL's text, exact to the microsecond. */
export interface SortKey {
  rank: number;
  createdAt: string;
  id: number;
}

interface Anchors extends Tagged {
  /** keys[i] is the sort key of row (i + 1) × ANCHOR_SPACING (1-based) of the list. */
  keys: SortKey[];
  /** The walk reached the end of the list: there is no anchor past the last key. */
  complete: boolean;
}

interface KeptCount extends Tagged {
  count: number;
}

const MAX_LISTS = 2_000;

/**
 * What this process keeps of each jobs list between its pages, least recently used dropped past the
 * bound: its count (the same on every page) and its anchors. Keys name a list as its pages' keys do,
 * without the page and its size.
 */
export class JobListMemo {
  readonly #counts: ReadCache<KeptCount>;
  readonly #anchors: ReadCache<Anchors>;
  readonly #versions: TagVersions;

  constructor(versions: TagVersions) {
    this.#counts = new ReadCache<KeptCount>(versions, MAX_LISTS);
    this.#anchors = new ReadCache<Anchors>(versions, MAX_LISTS);
    this.#versions = versions;
  }

  /** The count of the list `key`, read by `read` when it is not kept. */
  async count(key: string, tags: readonly string[], read: () => Promise<number>): Promise<number> {
    const known = this.#counts.get(key);
    if (known) return known.count;
    const stamp = this.#versions.stamp();
    const count = await read();
    this.#counts.set(key, { count, tags, stamp });
    return count;
  }

  /**
   * The sort key of row `index` × ANCHOR_SPACING of the list `key`, or undefined past its end.
   * `walk(count)` reads the first `count` anchors from the top of the list; a list walked before is
   * walked again only to go deeper, and then twice as deep, so paging down costs a few walks.
   */
  async anchor(
    key: string,
    tags: readonly string[],
    index: number,
    walk: (count: number) => Promise<SortKey[]>,
  ): Promise<SortKey | undefined> {
    const known = this.#anchors.get(key);
    if (known && (known.keys.length >= index || known.complete)) return known.keys[index - 1];
    const stamp = this.#versions.stamp();
    const count = Math.max(index, 2 * (known?.keys.length ?? 0));
    const keys = await walk(count);
    // Not kept when a change arrived during the walk (ReadCache.set checks the stamp).
    this.#anchors.set(key, { keys, complete: keys.length < count, tags, stamp });
    return keys[index - 1];
  }
}
