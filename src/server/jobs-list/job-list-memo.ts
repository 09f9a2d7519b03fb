import { type Asker, CachedRead } from '#server/cache/cached-read.ts';
import { readDep } from '#server/cache/read-deps.ts';
import type { TagVersions } from '#server/cache/tag-versions.ts';
import type { KeptList } from './job-list-store.ts';

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

interface Anchors {
  /** keys[i] is the sort key of row (i + 1) × ANCHOR_SPACING (1-based) of the list. */
  keys: SortKey[];
  /** The walk reached the end of the list: there is no anchor past the last key. */
  complete: boolean;
}

const MAX_LISTS = 2_000;

/** Both depend on which requests and invitations exist: the lists' tag. */
const LIST_DEPS = [readDep.requestLists];

/**
 * What this process keeps of each jobs list between its pages (cache/cached-read.ts), least
 * recently used dropped past the bound: its count (the same on every page) and its anchors. A list
 * is its asker and its query without the page and its size.
 */
export class JobListMemo {
  readonly #counts: CachedRead<number>;
  readonly #anchors: CachedRead<Anchors>;

  constructor(versions: TagVersions) {
    this.#counts = new CachedRead<number>('jobs list count', versions, MAX_LISTS);
    this.#anchors = new CachedRead<Anchors>('jobs list anchors', versions, MAX_LISTS);
  }

  /** What the list `query` of `asker` may use of what is kept (the caches are usable). */
  list(asker: Asker, query: readonly unknown[]): KeptList {
    return {
      count: (read) =>
        this.#counts.read({
          asker,
          query,
          usable: true,
          load: async () => ({ value: await read(), deps: LIST_DEPS }),
        }),
      anchor: async (index, walk) => {
        const anchors = await this.#anchors.read({
          asker,
          query,
          usable: true,
          // A list walked before is walked again only to go deeper, and then twice as deep, so
          // paging down costs a few walks.
          enough: (kept) => kept.keys.length >= index || kept.complete,
          load: async (kept) => {
            const count = Math.max(index, 2 * (kept?.keys.length ?? 0));
            const keys = await walk(count);
            return { value: { keys, complete: keys.length < count }, deps: LIST_DEPS };
          },
        });
        return anchors.keys[index - 1];
      },
    };
  }
}
