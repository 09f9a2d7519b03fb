import { describe, expect, it } from 'vitest';
import { ANYONE, CachedRead, cachedReadKey } from '#server/cache/cached-read.ts';
import { readDep } from '#server/cache/read-deps.ts';
import { TagVersions } from '#server/cache/tag-versions.ts';

const vendor = {
  id: 7,
  type: 'vendor',
  isStaff: false,
  isSuperuser: false,
  clientId: null,
  serviceCategories: ['Plumbing', 'Electrical'],
  awaitingApproval: false,
};

describe('cachedReadKey', () => {
  it('names every fact of the asker, trades in any order, and the query', () => {
    const key = cachedReadKey({ asker: vendor, query: [1] });
    expect(
      cachedReadKey({ asker: { ...vendor, serviceCategories: ['Electrical', 'Plumbing'] }, query: [1] }),
    ).toBe(key);
    for (const other of [
      { ...vendor, id: 8 },
      { ...vendor, type: 'property_manager' },
      { ...vendor, isStaff: true },
      { ...vendor, isSuperuser: true },
      { ...vendor, clientId: 3 },
      { ...vendor, serviceCategories: ['Plumbing'] },
      { ...vendor, awaitingApproval: true },
    ])
      expect(cachedReadKey({ asker: other, query: [1] })).not.toBe(key);
    expect(cachedReadKey({ asker: vendor, query: [2] })).not.toBe(key);
    expect(cachedReadKey({ asker: ANYONE, query: [1] })).not.toBe(key);
  });
});

describe('CachedRead', () => {
  it('keeps a value until one of its declared tags changes', async () => {
    const versions = new TagVersions();
    const read = new CachedRead<number>('test', versions);
    let loads = 0;
    const options = {
      asker: vendor,
      query: [],
      usable: true,
      load: async () => ({ value: ++loads, deps: [readDep.request(4)] }),
    };
    expect(await read.read(options)).toBe(1);
    expect(await read.read(options)).toBe(1);
    versions.bump(['r:5']);
    expect(await read.read(options)).toBe(1);
    versions.bump(['r:4']);
    expect(await read.read(options)).toBe(2);
    // Not usable: read, never served nor kept.
    expect(await read.read({ ...options, usable: false })).toBe(3);
    expect(await read.read(options)).toBe(2);
  });

  it('never keeps what the loader says not to, and extends what is not enough', async () => {
    const versions = new TagVersions();
    const read = new CachedRead<number[]>('test', versions);
    let loads = 0;
    const missing = { asker: ANYONE, query: ['missing'], usable: true };
    const load = async () => ({ value: [++loads], deps: [], keep: false });
    await read.read({ ...missing, load });
    await read.read({ ...missing, load });
    expect(loads).toBe(2);

    const walked: (number[] | undefined)[] = [];
    const deeper = (depth: number) => ({
      asker: ANYONE,
      query: ['list'],
      usable: true,
      enough: (kept: number[]) => kept.length >= depth,
      load: async (kept: number[] | undefined) => {
        walked.push(kept);
        return { value: Array.from({ length: depth }, (_, i) => i), deps: [readDep.requestLists] };
      },
    });
    expect(await read.read(deeper(2))).toEqual([0, 1]);
    expect(await read.read(deeper(1))).toEqual([0, 1]);
    expect(await read.read(deeper(3))).toEqual([0, 1, 2]);
    expect(walked).toEqual([undefined, [0, 1]]);
  });

  it('shares one load among concurrent misses of a key, unless something changed since it began', async () => {
    const versions = new TagVersions();
    const read = new CachedRead<number>('test', versions);
    const waiting: (() => void)[] = [];
    const finishAll = () => {
      for (const finish of waiting.splice(0)) finish();
    };
    let loads = 0;
    const options = {
      asker: vendor,
      query: ['cold'],
      usable: true,
      load: async () => {
        loads += 1;
        const mine = loads;
        await new Promise<void>((resolve) => waiting.push(resolve));
        return { value: mine, deps: [readDep.request(4)] };
      },
    };
    const first = read.read(options);
    const second = read.read(options);
    // A read that may not use the caches loads on its own.
    const unusable = read.read({ ...options, usable: false });
    expect(loads).toBe(2);
    finishAll();
    expect(await Promise.all([first, second, unusable])).toEqual([1, 1, 2]);

    versions.bump(['r:4']);
    const before = read.read(options);
    versions.bump(['r:9']);
    const after = read.read(options);
    expect(loads).toBe(4);
    finishAll();
    expect(await Promise.all([before, after])).toEqual([3, 4]);
  });
});
