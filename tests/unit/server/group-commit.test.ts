import { describe, expect, it } from 'vitest';
import { GroupCommit } from '#server/db/group-commit.ts';

type Item = { name: string; keys?: string[] };

/** A write whose statements the test finishes by hand, each recorded with the items it took. */
function heldWrites(fail: (items: readonly Item[]) => boolean = () => false) {
  const statements: { items: string[]; finish: () => void }[] = [];
  const write = (items: readonly Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        items: items.map((item) => item.name),
        finish: () =>
          fail(items)
            ? reject(new Error(`failed: ${items.map((item) => item.name)}`))
            : resolve(items.map((item) => `${item.name} written`)),
      });
    });
  return { statements, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes a lone item at once, and the items that arrive meanwhile together next, in order', async () => {
    const { statements, write } = heldWrites();
    const commit = new GroupCommit(write, { maxBatch: 10, maxInFlight: 1 });
    const first = commit.submit({ name: 'a' });
    expect(statements.map((statement) => statement.items)).toEqual([['a']]);
    const later = ['b', 'c', 'd'].map((name) => commit.submit({ name }));
    await settle();
    expect(statements).toHaveLength(1);
    statements[0]!.finish();
    expect(await first).toBe('a written');
    await settle();
    expect(statements.map((statement) => statement.items)).toEqual([['a'], ['b', 'c', 'd']]);
    statements[1]!.finish();
    expect(await Promise.all(later)).toEqual(['b written', 'c written', 'd written']);
  });

  it('keeps maxInFlight statements running and maxBatch items in each', async () => {
    const { statements, write } = heldWrites();
    const commit = new GroupCommit(write, { maxBatch: 2, maxInFlight: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => commit.submit({ name }));
    await settle();
    expect(statements.map((statement) => statement.items)).toEqual([['a'], ['b']]);
    statements[0]!.finish();
    await settle();
    expect(statements.map((statement) => statement.items)).toEqual([['a'], ['b'], ['c', 'd']]);
    statements[1]!.finish();
    await settle();
    expect(statements.at(-1)!.items).toEqual(['e', 'f']);
    for (const statement of statements.slice(2)) statement.finish();
    expect(await Promise.all(all)).toHaveLength(6);
  });

  it('never puts two items that share an exclusive key in a statement', async () => {
    const { statements, write } = heldWrites();
    const commit = new GroupCommit(write, {
      maxBatch: 10,
      maxInFlight: 1,
      exclusiveKeys: (item: Item) => item.keys ?? [],
    });
    const all = [
      commit.submit({ name: 'first' }),
      commit.submit({ name: 'k1', keys: ['u1 k', 'bid 1'] }),
      commit.submit({ name: 'k1 again', keys: ['u1 k'] }),
      commit.submit({ name: 'same bid', keys: ['u3 k', 'bid 1'] }),
      // Shares only a key of a write that waits: it waits behind it, never passes it.
      commit.submit({ name: 'behind same bid', keys: ['u3 k'] }),
      commit.submit({ name: 'other key', keys: ['u2 k'] }),
      commit.submit({ name: 'no key' }),
    ];
    statements[0]!.finish();
    await settle();
    expect(statements[1]!.items).toEqual(['k1', 'other key', 'no key']);
    statements[1]!.finish();
    await settle();
    expect(statements[2]!.items).toEqual(['k1 again', 'same bid']);
    statements[2]!.finish();
    await settle();
    expect(statements[3]!.items).toEqual(['behind same bid']);
    statements[3]!.finish();
    expect(await Promise.all(all)).toHaveLength(7);
  });

  it('tries each item of a failed statement alone: only the item that fails alone is refused', async () => {
    const { statements, write } = heldWrites((items) => items.some((item) => item.name === 'bad'));
    const failures: [string, number][] = [];
    const commit = new GroupCommit(write, {
      maxBatch: 10,
      maxInFlight: 1,
      onBatchFailure: (error, size) => failures.push([(error as Error).message, size]),
    });
    const first = commit.submit({ name: 'first' });
    const good = commit.submit({ name: 'good' });
    const bad = commit.submit({ name: 'bad' });
    const alsoGood = commit.submit({ name: 'also good' });
    statements[0]!.finish();
    await first;
    await settle();
    expect(statements[1]!.items).toEqual(['good', 'bad', 'also good']);
    statements[1]!.finish();
    await settle();
    expect(statements.slice(2).map((statement) => statement.items)).toEqual([
      ['good'],
      ['bad'],
      ['also good'],
    ]);
    for (const statement of statements.slice(2)) statement.finish();
    expect(await good).toBe('good written');
    expect(await alsoGood).toBe('also good written');
    await expect(bad).rejects.toThrow('failed: bad');
    // The batch's failure is told once; the lone write's failure is its caller's answer only.
    expect(failures).toEqual([['failed: good,bad,also good', 3]]);
  });
});
