import { describe, expect, it } from 'vitest';
import type { CachedSession } from '#server/auth/session-cache.ts';
import { parseAuthChange, SessionCache } from '#server/auth/session-cache.ts';

const found = (sessionId: string, userId: number | null): CachedSession =>
  ({
    session: { id: sessionId, userId },
    user: userId === null ? null : { id: userId },
  }) as unknown as CachedSession;

describe('SessionCache', () => {
  it('drops a session by id, every session of a user by user id, and all on "*"', () => {
    const cache = new SessionCache();
    cache.set('a', found('a', 1));
    cache.set('b', found('b', 1));
    cache.set('c', found('c', 2));
    cache.set('v', found('v', null));
    cache.apply(parseAuthChange('s:a'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.apply(parseAuthChange('u:1,7'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.apply(parseAuthChange('*'));
    expect(cache.size).toBe(0);
  });

  it('forgets an entry past its age and the oldest entry past its bound', () => {
    const cache = new SessionCache({ maxAgeMs: 1_000, maxEntries: 2 });
    cache.set('a', found('a', 1), 0);
    expect(cache.get('a', 1_000)).toBeDefined();
    expect(cache.get('a', 1_001)).toBeUndefined();
    cache.set('a', found('a', 1), 0);
    cache.set('b', found('b', 2), 0);
    cache.set('c', found('c', 3), 0);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('computes a derived value once per entry and again after the user changed', async () => {
    const cache = new SessionCache();
    cache.set('a', found('a', 1));
    let computed = 0;
    const derive = () => cache.derive('a', 'viewer', async () => ++computed);
    expect(await derive()).toBe(1);
    expect(await derive()).toBe(1);
    cache.apply(parseAuthChange('u:1'));
    cache.set('a', found('a', 1));
    expect(await derive()).toBe(2);
  });

  it('keeps no row read before an invalidation that arrived while the read was in flight', () => {
    const cache = new SessionCache();
    const epoch = cache.epoch;
    // The notification of a logout lands between the miss and the database's answer.
    cache.apply(parseAuthChange('s:a'));
    cache.setIfUnchanged('a', found('a', 1), epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.setIfUnchanged('a', found('a', 1), cache.epoch);
    expect(cache.get('a')).toBeDefined();
  });
});
