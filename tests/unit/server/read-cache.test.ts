import { describe, expect, it } from 'vitest';
import { changedTags, parseCacheChange, parseCacheChanges } from '#server/cache/cache-changes.ts';
import { ReadCache } from '#server/cache/read-cache.ts';
import { TagVersions } from '#server/cache/tag-versions.ts';

const answer = (tags: string[], stamp: number) => ({ json: '{}', etag: 'W/"x"', tags, stamp });

describe('cache change payloads', () => {
  it('read everything, a bare kind, ids and every id of a kind', () => {
    expect(parseCacheChange('*')).toEqual({ kind: '*' });
    expect(changedTags(parseCacheChange('l'))).toEqual(['l']);
    expect(changedTags(parseCacheChange('r:4,17'))).toEqual(['r:4', 'r:17']);
    expect(changedTags(parseCacheChange('v:*'))).toEqual(['v:*']);
    expect(parseCacheChanges('l r:4 v:9').flatMap(changedTags)).toEqual(['l', 'r:4', 'v:9']);
  });
});

describe('ReadCache', () => {
  it('never answers an entry older than its backstop, whatever its tags say', () => {
    const versions = new TagVersions();
    let now = 1_000;
    const cache = new ReadCache(versions, 10, { ttlMs: 60_000, now: () => now });
    cache.set('a', answer(['r:1'], versions.stamp()));
    now += 59_999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an answer until one of its tags, its kind or everything changes', () => {
    const versions = new TagVersions();
    const cache = new ReadCache(versions);
    cache.set('a', answer(['r:1', 'u:2'], versions.stamp()));
    cache.set('b', answer(['r:3'], versions.stamp()));
    versions.bump(['r:9', 'l']);
    expect(cache.get('a')).toBeDefined();
    versions.bump(['u:2']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    versions.bump(['r:*']);
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', answer(['n:1'], versions.stamp()));
    versions.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('never keeps an answer read before a change that arrived while it was being read', () => {
    const versions = new TagVersions();
    const cache = new ReadCache(versions);
    const stamp = versions.stamp();
    // The notification lands between the stamp and the database's answer.
    versions.bump(['r:1']);
    cache.set('a', answer(['r:1'], stamp));
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', answer(['r:1'], versions.stamp()));
    expect(cache.get('a')).toBeDefined();
  });

  it('drops the least recently used answer past its bound', () => {
    const versions = new TagVersions();
    const cache = new ReadCache(versions, 2);
    cache.set('a', answer(['l'], 0));
    cache.set('b', answer(['l'], 0));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', answer(['l'], 0));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(2);
  });
});
