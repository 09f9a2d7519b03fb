import { AsyncLocalStorage } from 'node:async_hooks';
import { ReadCache, type Tagged } from './read-cache.ts';
import { type ReadDep, tagsOf } from './read-deps.ts';
import type { TagVersions } from './tag-versions.ts';

/**
 * The one read-through step of every per-process cache (docs/decisions/cached-reads.md): a value is
 * kept under a key built from the asker and the query by `cachedReadKey`, depends on what its loader
 * declares (read-deps.ts), is dropped when one of those tags changes, and is never served past the
 * backstop (READ_CACHE_TTL_MS).
 */

/**
 * Who asks, as the rules that decide an answer read it: identity, role, client and staff flags
 * (a user row), and for an answer that depends on what a vendor may see, its trades and approval
 * (the visibility viewer, request-core/request-viewer.ts). A read whose loader takes the viewer
 * passes the viewer; guard (b) in tests/api/cached-read-guards.test.ts fails when two askers that
 * share a key get different answers.
 */
export interface Asker {
  id: number;
  type: string | null;
  isStaff: boolean;
  isSuperuser: boolean;
  clientId: number | null;
  serviceCategories?: readonly string[];
  awaitingApproval?: boolean;
}

/** A value that is the same whoever asks (e.g. the rows an access rule is decided from afterwards). */
export const ANYONE = 'anyone' as const;

export interface CachedReadKey {
  /** The asker, or ANYONE when the loader reads nothing about who asks. */
  asker: Asker | typeof ANYONE;
  /** Everything else the loader reads from the request: ids, filters, order, page. */
  query: readonly unknown[];
}

/** The only way a cache key is built: every fact of the asker, then the query. */
export function cachedReadKey({ asker, query }: CachedReadKey): string {
  const who =
    asker === ANYONE
      ? null
      : [
          asker.id,
          asker.type,
          asker.isStaff,
          asker.isSuperuser,
          asker.clientId,
          asker.serviceCategories === undefined ? null : [...asker.serviceCategories].sort(),
          asker.awaitingApproval ?? null,
        ];
  return JSON.stringify([who, query]);
}

/** What a loader read: the value, what it depends on, and whether it may be kept at all. */
export interface Loaded<Value> {
  value: Value;
  deps: readonly ReadDep[];
  /** False for a value a later write could change without any declared tag (e.g. a row not found). */
  keep?: boolean;
}

export interface CachedReadOptions<Value> extends CachedReadKey {
  /** Whether this process's caches may answer now (cache/request-ready.ts). */
  usable: boolean;
  /** Reads the value; `kept` is what was kept under the key when `enough` refused it. */
  load: (kept: Value | undefined) => Promise<Loaded<Value>>;
  /** Whether a kept value answers this call (default: always); if not, `load` extends it. */
  enough?: (kept: Value) => boolean;
}

interface Entry<Value> extends Tagged {
  value: Value;
}

/** What a guard test sees of each load (watchCachedReads). */
export interface WatchedLoad {
  name: string;
  key: string;
  deps: readonly ReadDep[];
  value: unknown;
}

let watcher: ((load: WatchedLoad) => void) | undefined;
const loading = new AsyncLocalStorage<string>();

/**
 * For the guard tests only: every cached read loads (nothing is served from or kept in a cache),
 * each load runs with its read's name in `cachedReadLoading()` (so a query log can tell which
 * loader sent a query) and is reported to `watch`. Returns the function that stops watching.
 */
export function watchCachedReads(watch: (load: WatchedLoad) => void): () => void {
  watcher = watch;
  return () => {
    watcher = undefined;
  };
}

/** The name of the cached read whose loader is running here, while watched. */
export function cachedReadLoading(): string | undefined {
  return loading.getStore();
}

/** One cached read: values kept by key in this process, least recently used dropped past the bound. */
export class CachedRead<Value> {
  readonly name: string;
  readonly #kept: ReadCache<Entry<Value>>;
  readonly #versions: TagVersions;
  /** Loads under way, by key, each with the stamp it began at: a miss meanwhile waits for it. */
  readonly #loading = new Map<string, { stamp: number; loaded: Promise<Loaded<Value>> }>();

  constructor(name: string, versions: TagVersions, maxEntries?: number) {
    this.name = name;
    this.#versions = versions;
    this.#kept = new ReadCache<Entry<Value>>(versions, maxEntries);
  }

  async read(options: CachedReadOptions<Value>): Promise<Value> {
    const key = cachedReadKey(options);
    if (watcher !== undefined) return this.#watched(key, options, watcher);
    const kept = options.usable ? this.#kept.get(key)?.value : undefined;
    if (kept !== undefined && (options.enough?.(kept) ?? true)) return kept;
    // Noted before the database is read: a change arriving meanwhile is later, and the value is not kept.
    const stamp = this.#versions.stamp();
    // Concurrent misses of one key share one load (ten callers at a cold cache read once), but only
    // while nothing at all has changed since it began: a caller after a change reads afresh, as a
    // kept value would not answer it either.
    const shared = options.usable && kept === undefined;
    const flight = shared ? this.#loading.get(key) : undefined;
    if (flight !== undefined && flight.stamp === stamp) return (await flight.loaded).value;
    const loading = options.load(kept);
    if (shared) {
      this.#loading.set(key, { stamp, loaded: loading });
      const done = () => {
        if (this.#loading.get(key)?.loaded === loading) this.#loading.delete(key);
      };
      loading.then(done, done);
    }
    const loaded = await loading;
    if (options.usable && loaded.keep !== false)
      this.#kept.set(key, { value: loaded.value, tags: tagsOf(loaded.deps), stamp });
    return loaded.value;
  }

  async #watched(
    key: string,
    options: CachedReadOptions<Value>,
    watch: (load: WatchedLoad) => void,
  ): Promise<Value> {
    const loaded = await loading.run(this.name, () => options.load(undefined));
    watch({ name: this.name, key, deps: loaded.deps, value: loaded.value });
    return loaded.value;
  }
}
