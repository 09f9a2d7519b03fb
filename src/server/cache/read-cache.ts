import type { TagVersions } from './tag-versions.ts';

/** What a kept entry depends on. */
export interface Tagged {
  /** The tags (cache-changes.ts) a change of which may change this entry. */
  tags: readonly string[];
  /** TagVersions.stamp() before the entry was read from the database. */
  stamp: number;
}

/** An answer as it was sent: its JSON text, its weak ETag and what it depends on. */
export interface CachedAnswer extends Tagged {
  json: string;
  etag: string;
}

const DEFAULT_MAX_ENTRIES = 5_000;

/**
 * The backstop: an entry older than this is never returned, whatever its tags say. Tags keep a
 * cached answer true (a change is announced in the writing transaction); a write that no trigger
 * announces would otherwise be served stale with no end, so it is stale for at most this long.
 */
export const READ_CACHE_TTL_MS = 10 * 60_000;

export interface ReadCacheOptions {
  ttlMs?: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

interface Kept<Entry> {
  entry: Entry;
  storedAt: number;
}

/**
 * Answers of one route (or what they are read from) kept by key in this process, least recently
 * used dropped past the bound.
 * The key must name everything the answer depends on besides the data its tags cover: the asker
 * (identity, role, rights, trades) and the query. An entry whose tags changed since its stamp is
 * never returned (and dropped when met), nor one kept longer than the backstop (READ_CACHE_TTL_MS).
 */
export class ReadCache<Entry extends Tagged = CachedAnswer> {
  readonly #entries = new Map<string, Kept<Entry>>();
  readonly #versions: TagVersions;
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(versions: TagVersions, maxEntries = DEFAULT_MAX_ENTRIES, options: ReadCacheOptions = {}) {
    this.#versions = versions;
    this.#maxEntries = maxEntries;
    this.#ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Entry | undefined {
    const kept = this.#entries.get(key);
    if (kept === undefined) return undefined;
    this.#entries.delete(key);
    if (this.#now() - kept.storedAt >= this.#ttlMs) return undefined;
    if (!this.#versions.unchangedSince(kept.entry.tags, kept.entry.stamp)) return undefined;
    // Most recently used last, so the bound below drops the coldest entry.
    this.#entries.set(key, kept);
    return kept.entry;
  }

  set(key: string, answer: Entry): void {
    this.#entries.delete(key);
    if (!this.#versions.unchangedSince(answer.tags, answer.stamp)) return;
    if (this.#entries.size >= this.#maxEntries) {
      const coldest = this.#entries.keys().next().value;
      if (coldest !== undefined) this.#entries.delete(coldest);
    }
    this.#entries.set(key, { entry: answer, storedAt: this.#now() });
  }
}
