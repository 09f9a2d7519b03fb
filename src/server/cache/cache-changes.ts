/**
 * What the database tells every process about changes to cached data. Triggers send it
 * with `pg_notify` in the transaction of the write, whichever code path or script made it, so no
 * caller can forget; it reaches every LISTENing process once the write commits.
 *
 * The channel kept the name it had when it carried only the session cache's invalidations
 * (migrations 0009 and 0011 send on it by name); every cache now listens on this one channel, so a
 * writing process waits for a single round trip before it answers (see change-feed.ts).
 */
export const CACHE_CHANNEL = 'fieldbid_auth_changes';

/**
 * One group: `*` (everything may have changed), a bare kind (`l`), or `<kind>:<id>[,<id>...]` or
 * `<kind>:*` (every id of that kind). A message holds one group or several separated by spaces
 * (one per statement: every notifying transaction commits under PostgreSQL's single notify lock).
 * Kinds (migration 0014 lists which writes send which):
 * - `s` sessions deleted, `u` a user, its vendor profile, keys or subscription (session caches);
 * - `l` the request lists (any request or invitation written), `r` one request and what hangs on
 *   it (bids, invitations, photos, history), `p` a property (or its units), `cl` a client;
 * - `v` a vendor's bids, `n` a user's notifications;
 * - `m` a vendor's message threads, `mc` the threads on a client's requests, `mu` the threads on
 *   requests a user raised;
 * - `nf` a user's notification facts (choices, quiet hours, push devices), `cm` who a client's
 *   managers are (a user joining, leaving, activated or deactivated: migration 0022).
 */
export type CacheChange = { kind: '*' } | { kind: string; ids: readonly string[] | '*' };

export function parseCacheChange(group: string): CacheChange {
  const colon = group.indexOf(':');
  if (colon < 0) return group === '*' || group === '' ? { kind: '*' } : { kind: group, ids: [] };
  const kind = group.slice(0, colon);
  const rest = group.slice(colon + 1);
  if (rest === '*') return { kind, ids: '*' };
  return { kind, ids: rest.split(',').filter((id) => id !== '') };
}

/** Every group of one message. */
export function parseCacheChanges(payload: string): CacheChange[] {
  const groups = payload.split(' ').filter((group) => group !== '');
  return groups.length === 0 ? [{ kind: '*' }] : groups.map(parseCacheChange);
}

/** The tags a change bumps: `<kind>:<id>` each, `<kind>:*` for all of a kind, the kind itself when bare. */
export function changedTags(change: CacheChange): string[] {
  if (change.kind === '*' || !('ids' in change)) return [];
  if (change.ids === '*') return [`${change.kind}:*`];
  if (change.ids.length === 0) return [change.kind];
  return change.ids.map((id) => `${change.kind}:${id}`);
}

// What a cached read declares, and the tag each declaration stands for, is read-deps.ts.
