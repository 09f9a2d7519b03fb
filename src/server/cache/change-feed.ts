import type { Database, Listener } from '#server/db/database.ts';
import { CACHE_CHANNEL, type CacheChange, changedTags, parseCacheChanges } from './cache-changes.ts';
import { TagVersions } from './tag-versions.ts';

/** A round trip on the LISTEN connection that takes longer than this is a connection in doubt. */
const DEFAULT_SYNC_TIMEOUT_MS = 1_000;

/**
 * This process's end of the cache channel (cache-changes.ts): one LISTEN connection for every
 * cache of the process, the tag versions the read caches check, and the barrier that makes a
 * process see changes committed before a given moment.
 *
 * Consistency (docs/decisions/scale-read-caches-and-writes.md, "Scale"): before a cache answers, `ready()` makes
 * one round trip on the LISTEN connection (shared by every request that asks meanwhile), after
 * which every notification committed before the call has been applied. So a cached answer, session
 * or API key is never older than the writes committed before the request arrived, from whichever
 * process or script. A request asks once (request-ready.ts): its session's check and its read
 * cache's share the round trip. A process that has answered a write waits on the same barrier
 * (`barrier()`, in onSend), so the writer's next request finds the write applied here at once.
 * A listener that is always synced (PGlite) needs no round trip: both resolve at once.
 *
 * When in doubt the caches are not used: before the listener runs, after it stopped, when the
 * connection came back (what was sent meanwhile is lost: everything is forgotten) and when a round
 * trip does not come back in time (everything is forgotten; the caches stay unused until one does).
 */
export class ChangeFeed {
  readonly versions = new TagVersions();
  readonly #onChange: ((change: CacheChange) => void)[] = [];
  readonly #onReset: (() => void)[] = [];
  readonly #syncTimeoutMs: number;
  #listener: Listener | null = null;
  /** Counts resets, so a round trip during which one happened does not vouch for the caches. */
  #resets = 0;
  /** A round trip timed out: the caches stay unused until one comes back in time. */
  #suspect = false;
  #running: Promise<boolean> | null = null;
  #queued: Promise<boolean> | null = null;

  constructor(options: { syncTimeoutMs?: number } = {}) {
    this.#syncTimeoutMs = options.syncTimeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS;
  }

  /** Told of every change (the session caches), after the tag versions are bumped. */
  onChange(handler: (change: CacheChange) => void): void {
    this.#onChange.push(handler);
  }

  /** Told when everything cached must go (reconnect, a round trip in doubt, a barrier without a connection). */
  onReset(handler: () => void): void {
    this.#onReset.push(handler);
  }

  async start(database: Database): Promise<void> {
    this.#listener = await database.listen(
      CACHE_CHANNEL,
      (payload) => this.apply(payload),
      () => this.reset(),
    );
  }

  async stop(): Promise<void> {
    const listener = this.#listener;
    this.#listener = null;
    await listener?.stop();
    this.reset();
  }

  /** One notification's payload (exported for tests that feed a ChangeFeed by hand). */
  apply(payload: string): void {
    const changes = parseCacheChanges(payload);
    if (changes.some((change) => change.kind === '*')) this.versions.clear();
    else this.versions.bump(changes.flatMap(changedTags));
    for (const change of changes) for (const handler of this.#onChange) handler(change);
  }

  reset(): void {
    this.#resets += 1;
    this.versions.clear();
    for (const handler of this.#onReset) handler();
  }

  /**
   * Resolves true once every change committed before the call has been applied, so a cache may
   * answer; false when it must not (no listener, a reset meanwhile, a connection in doubt).
   */
  async ready(): Promise<boolean> {
    if (this.#listener === null) return false;
    if (this.#listener.alwaysSynced) return true;
    if (this.#suspect) {
      // No request waits on a connection in doubt; one round trip at a time probes it.
      void this.#sync();
      return false;
    }
    const resets = this.#resets;
    const inTime = await this.#sync();
    return inTime && resets === this.#resets && this.#listener !== null;
  }

  /** After a write: this process has applied the write's own notifications, or forgotten everything. */
  async barrier(): Promise<void> {
    if (this.#listener === null || this.#listener.alwaysSynced) return;
    if (this.#suspect) {
      // The write's notifications may never arrive here: what the caches hold may be what it changed.
      this.reset();
      void this.#sync();
      return;
    }
    await this.#sync();
  }

  /**
   * Listener.sync() shared by everyone who asks while one is on its way: a caller needs a round trip
   * sent after its call, so callers arriving while one is out share the next one (at most two wait).
   * Resolves whether it came back in time.
   */
  #sync(): Promise<boolean> {
    if (this.#running === null) return this.#start();
    this.#queued ??= this.#running.then(() => {
      this.#queued = null;
      return this.#start();
    });
    return this.#queued;
  }

  #start(): Promise<boolean> {
    const listener = this.#listener;
    if (listener === null) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#syncTimeoutMs);
      timer.unref();
    });
    const synced = listener.sync().then(
      () => true,
      () => false,
    );
    const trip: Promise<boolean> = Promise.race([synced, timedOut]).then((inTime) => {
      clearTimeout(timer);
      if (this.#running === trip) this.#running = null;
      if (inTime) this.#suspect = false;
      else if (!this.#suspect) {
        this.#suspect = true;
        this.reset();
      }
      return inTime;
    });
    this.#running = trip;
    return trip;
  }
}
