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
 * Answers of one route (or what they are read from) kept by key in this process, least recently
 * used dropped past the bound.
 * The key must name everything the answer depends on besides the data its tags cover: the asker
 * (identity, role, rights, trades) and the query. An entry whose tags changed since its stamp is
 * never returned (and dropped when met).
 */
export class ReadCache<Entry extends Tagged = CachedAnswer> {
  readonly #entries = new Map<string, Entry>();
  readonly #versions: TagVersions;
  readonly #maxEntries: number;

  constructor(versions: TagVersions, maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#versions = versions;
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (!this.#versions.unchangedSince(entry.tags, entry.stamp)) return undefined;
    // Most recently used last, so the bound below drops the coldest entry.
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: Entry): void {
    this.#entries.delete(key);
    if (!this.#versions.unchangedSince(answer.tags, answer.stamp)) return;
    if (this.#entries.size >= this.#maxEntries) {
      const coldest = this.#entries.keys().next().value;
      if (coldest !== undefined) this.#entries.delete(coldest);
    }
    this.#entries.set(key, answer);
  }
}
