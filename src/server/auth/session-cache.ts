import { type CacheChange, parseCacheChange } from '#server/cache/cache-changes.ts';
import type { SessionRow, UserRow } from './session-store.ts';

/**
 * Every signed-in call used to cost a session query (signed-in auth-status served 5% of the
 * signed-out ceiling). Sessions, and what a handler derives from the user (a vendor's trades), are
 * kept here for a short time. Correctness comes from invalidation, not from the short lifetime:
 * database triggers (migrations 0009, 0011) notify the cache channel (cache/cache-changes.ts)
 * whenever a session row is deleted or a user, its vendor profile, keys or subscription change, from
 * whichever process or script did it, and every process LISTENs once (cache/change-feed.ts). An
 * entry is trusted only after the request's wait for the feed (cache/request-ready.ts, the read
 * caches' one), so it is never older than the writes committed before the request arrived. The
 * lifetime only bounds the damage of a notification lost while the LISTEN connection was down.
 */

/** `s:<session id>[,...]` or `s:*`, `u:<user id>[,...]`, or `*`; the channel's other kinds are not ours. */
export type AuthChange =
  | { kind: 'sessions'; ids: string[] }
  | { kind: 'users'; ids: number[] }
  | { kind: 'all' }
  | { kind: 'none' };

export function authChangeOf(change: CacheChange): AuthChange {
  if (change.kind === '*' || !('ids' in change)) return { kind: 'all' };
  if (change.kind !== 's' && change.kind !== 'u') return { kind: 'none' };
  // Too many to name (the sweep of expired sessions): drop them all.
  if (change.ids === '*') return { kind: 'all' };
  if (change.kind === 's') return { kind: 'sessions', ids: [...change.ids] };
  return { kind: 'users', ids: change.ids.map(Number).filter(Number.isInteger) };
}

export function parseAuthChange(payload: string): AuthChange {
  return authChangeOf(parseCacheChange(payload));
}

export interface CachedSession {
  session: SessionRow;
  user: UserRow | null;
}

/** What a cache keeps per id: a session, or a vendor API key (auth/api-key-store.ts), and its user. */
interface Cached {
  user: UserRow | null;
}

interface Entry<T extends Cached> {
  found: T;
  cachedAt: number;
  /** Values derived from the user (e.g. a vendor's visibility viewer), dropped with it. */
  derived: Map<string, unknown>;
}

const DEFAULT_MAX_AGE_MS = 30_000;
const DEFAULT_MAX_ENTRIES = 20_000;

export class SessionCache<T extends Cached = CachedSession> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #byUser = new Map<number, Set<string>>();
  readonly #maxAgeMs: number;
  readonly #maxEntries: number;
  /**
   * Counts invalidations. A lookup notes it before reading the database and stores its row only if
   * no invalidation came meanwhile: a notification that arrives while the read is in flight finds
   * nothing to drop, and the row read before the revocation committed must not be kept.
   */
  #epoch = 0;

  constructor(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get size(): number {
    return this.#entries.size;
  }

  get epoch(): number {
    return this.#epoch;
  }

  /** set(), unless an invalidation came since `epoch` was read (then the row may be stale). */
  setIfUnchanged(key: string, found: T, epoch: number, now = Date.now()): void {
    if (epoch === this.#epoch) this.set(key, found, now);
  }

  get(sessionId: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.#maxAgeMs) {
      this.dropSessions([sessionId]);
      return undefined;
    }
    return entry.found;
  }

  set(sessionId: string, found: T, now = Date.now()): void {
    this.dropSessions([sessionId]);
    // A Map iterates in insertion order: past the bound, the oldest entry goes first.
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.dropSessions([oldest]);
    }
    this.#entries.set(sessionId, { found, cachedAt: now, derived: new Map() });
    const userId = found.user?.id;
    if (userId !== undefined) {
      const ids = this.#byUser.get(userId) ?? new Set();
      ids.add(sessionId);
      this.#byUser.set(userId, ids);
    }
  }

  /** Replaces the cached rows (after touching last_seen_at) and keeps the derived values. */
  update(sessionId: string, found: T): void {
    const entry = this.#entries.get(sessionId);
    if (entry) entry.found = found;
  }

  /** A value derived from the session's user, computed once per cached session. */
  async derive<T>(sessionId: string | undefined, key: string, compute: () => Promise<T>): Promise<T> {
    const entry = sessionId === undefined ? undefined : this.#entries.get(sessionId);
    if (entry?.derived.has(key)) return entry.derived.get(key) as T;
    const value = await compute();
    // Stored only if the entry is still the same one (an invalidation may have come meanwhile).
    if (entry && sessionId !== undefined && this.#entries.get(sessionId) === entry)
      entry.derived.set(key, value);
    return value;
  }

  dropSessions(ids: readonly string[]): void {
    this.#epoch += 1;
    for (const id of ids) {
      const entry = this.#entries.get(id);
      if (!entry) continue;
      this.#entries.delete(id);
      const userId = entry.found.user?.id;
      if (userId === undefined) continue;
      const ids = this.#byUser.get(userId);
      ids?.delete(id);
      if (ids?.size === 0) this.#byUser.delete(userId);
    }
  }

  dropUsers(userIds: readonly number[]): void {
    this.#epoch += 1;
    for (const userId of userIds) this.dropSessions([...(this.#byUser.get(userId) ?? [])]);
  }

  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#byUser.clear();
  }

  apply(change: AuthChange): void {
    if (change.kind === 'sessions') this.dropSessions(change.ids);
    else if (change.kind === 'users') this.dropUsers(change.ids);
    else if (change.kind === 'all') this.clear();
  }
}
