import { messages, PGlite, type Results } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  interval,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { openPgliteDatabase, type PgliteDatabase } from '#server/db/pglite-database.ts';

// The embedded database runs in a worker thread (src/server/db/pglite-worker.ts). Every API test
// on PGlite goes through it; this file pins what the worker must keep of PGlite on the server's own
// thread: Drizzle's type parsing, transactions that nothing interleaves with, PostgreSQL's error
// fields, LISTEN/NOTIFY ahead of the committing statement's answer, and an event loop left free.
// Only on the PGlite project (vitest.config.ts, PGLITE_ONLY).

const samples = pgTable('worker_samples', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  local: timestamp('local', { mode: 'date' }),
  day: date('day'),
  price: numeric('price', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'bigint' }),
  bigNumber: bigint('big_number', { mode: 'number' }),
  data: jsonb('data'),
  plain: json('plain'),
  tags: text('tags').array(),
  counts: integer('counts').array(),
  flag: boolean('flag'),
  span: interval('span'),
  uid: uuid('uid'),
  ratio: doublePrecision('ratio'),
});

const counters = pgTable('worker_counters', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull(),
});

const CREATE_TABLES = [
  `create table worker_samples (id serial primary key, at timestamptz, at_text timestamptz, local timestamp,
     day date, price numeric(12, 2), big bigint, big_number bigint, data jsonb, plain json, tags text[],
     counts integer[], flag boolean, span interval, uid uuid, ratio double precision)`,
  'create table worker_counters (id integer primary key, value integer not null)',
  'create unique index worker_samples_uid_unique on worker_samples (uid)',
];

const SAMPLE = {
  at: new Date('2026-03-04T05:06:07.891Z'),
  atText: '2026-03-04 05:06:07.891+00',
  local: new Date('2026-03-04T05:06:07.000Z'),
  day: '2026-03-04',
  price: '1234.50',
  big: 9_007_199_254_740_993n,
  bigNumber: 42,
  data: { nested: { list: [1, 'two', null] }, when: '2026-03-04' },
  plain: ['a', { b: true }],
  tags: ['plumbing', 'with "quotes"', 'comma, inside'],
  counts: [3, 1, 2],
  flag: true,
  span: '1 day 02:03:04',
  uid: '6f1c2d9e-3b4a-4c5d-8e7f-0a1b2c3d4e5f',
  ratio: 0.125,
};

let worker: PgliteDatabase;
let inProcess: PGlite;
let direct: Db;

beforeAll(async () => {
  worker = await openInMemory();
  inProcess = await PGlite.create();
  direct = drizzle({ client: inProcess }) as unknown as Db;
  for (const statement of CREATE_TABLES) {
    await worker.db.execute(sql.raw(statement));
    await direct.execute(sql.raw(statement));
  }
});

afterAll(async () => {
  await worker?.close();
  await inProcess?.close();
});

const openInMemory = (tarball?: Blob) => openPgliteDatabase(undefined, { loadDataDir: tarball });

async function resetCounter(): Promise<void> {
  await worker.db.delete(counters);
  await worker.db.insert(counters).values({ id: 1, value: 0 });
}

/** The Postgres error behind Drizzle's wrapper. */
function databaseError(error: unknown): messages.DatabaseError {
  const cause = (error as { cause?: unknown }).cause;
  if (!(cause instanceof messages.DatabaseError)) throw new Error(`not a database error: ${String(error)}`);
  return cause;
}

describe('PGlite in its worker thread', () => {
  it('parses every column type as PGlite on the same thread does, through Drizzle and raw SQL', async () => {
    await worker.db.insert(samples).values(SAMPLE);
    await direct.insert(samples).values(SAMPLE);
    const [fromWorker] = await worker.db.select().from(samples);
    const [fromThread] = await direct.select().from(samples);
    expect(fromWorker).toEqual(fromThread);
    expect(fromWorker).toEqual({ id: 1, ...SAMPLE });
    expect(fromWorker!.at).toBeInstanceOf(Date);

    const raw = sql`select *, now() - now() as zero, 7::int8 as seven, 1.5::numeric as half from worker_samples`;
    // Db types raw results as unknown (it spans both drivers); both are PGlite's Results here.
    const rawWorker = (await worker.db.execute(raw)) as unknown as Results;
    const rawThread = (await direct.execute(raw)) as unknown as Results;
    expect(rawWorker.rows).toEqual(rawThread.rows);
    expect(rawWorker.fields).toEqual(rawThread.fields);
  });

  it('answers a text that begins with a byte order mark as it was stored, as PostgreSQL does', async () => {
    const stored = '\ufeffBOM';
    const answer = (await worker.db.execute(sql`select ${stored}::text as value`)) as unknown as Results;
    expect(answer.rows).toEqual([{ value: stored }]);
  });

  it('commits a transaction, and rolls it back when its function throws', async () => {
    await resetCounter();
    await worker.db.transaction(async (tx) => {
      await tx.update(counters).set({ value: 1 }).where(eq(counters.id, 1));
    });
    const failure = new Error('the handler failed');
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.update(counters).set({ value: 99 }).where(eq(counters.id, 1));
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.update(counters).set({ value: 98 }).where(eq(counters.id, 1));
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    expect(await worker.db.select().from(counters)).toEqual([{ id: 1, value: 1 }]);
  });

  it('rolls back a failed savepoint and keeps the rest of its transaction', async () => {
    await resetCounter();
    await worker.db.transaction(async (tx) => {
      await tx.update(counters).set({ value: 1 }).where(eq(counters.id, 1));
      await expect(
        tx.transaction(async (inner) => {
          await inner.update(counters).set({ value: 50 }).where(eq(counters.id, 1));
          await inner.insert(counters).values({ id: 1, value: 0 });
        }),
      ).rejects.toThrow();
      await tx
        .update(counters)
        .set({ value: sql`${counters.value} + 1` })
        .where(eq(counters.id, 1));
    });
    expect(await worker.db.select().from(counters)).toEqual([{ id: 1, value: 2 }]);
  });

  it('runs concurrent transactions one after the other, and statements outside wait for them', async () => {
    await resetCounter();
    const steps: string[] = [];
    const increment = (name: string) =>
      worker.db.transaction(async (tx) => {
        const [row] = await tx.select().from(counters).where(eq(counters.id, 1));
        steps.push(`${name} read ${row!.value}`);
        // A pause on this thread: a second transaction's statements would run now if nothing held them.
        await new Promise((resolve) => setTimeout(resolve, 30));
        await tx
          .update(counters)
          .set({ value: row!.value + 1 })
          .where(eq(counters.id, 1));
        steps.push(`${name} wrote ${row!.value + 1}`);
      });
    const first = increment('a');
    const second = increment('b');
    // Sent while the transactions are open: it waits until they end, so it sees both commits.
    const outside = worker.db.select().from(counters);
    await Promise.all([first, second]);
    expect(steps).toEqual(['a read 0', 'a wrote 1', 'b read 1', 'b wrote 2']);
    expect(await outside).toEqual([{ id: 1, value: 2 }]);
  });

  it("keeps PostgreSQL's error fields (SQLSTATE, constraint) behind Drizzle's wrapper", async () => {
    const uid = '0b7e4a38-1c2d-4e5f-9a8b-7c6d5e4f3a2b';
    await worker.db.insert(samples).values({ uid });
    const duplicate = await worker.db
      .insert(samples)
      .values({ uid })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const error = databaseError(duplicate);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('worker_samples_uid_unique');
    expect(error.table).toBe('worker_samples');
    const counted = async () => (await worker.db.select().from(samples).where(eq(samples.uid, uid))).length;
    expect(await counted()).toBe(1);
  });

  it('hands a NOTIFY over before the committing statement answers, and none from a rollback', async () => {
    const payloads: string[] = [];
    const listener = await worker.listen('worker_test_channel', (payload) => payloads.push(payload));
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_test_channel', 'committed')`);
      expect(payloads).toEqual([]);
    });
    expect(payloads).toEqual(['committed']);
    await listener.sync();
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('worker_test_channel', 'rolled back')`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await worker.db.execute(sql`select pg_notify('worker_test_channel', 'outside')`);
    expect(payloads).toEqual(['committed', 'outside']);
    await listener.stop();
    await worker.db.execute(sql`select pg_notify('worker_test_channel', 'after stop')`);
    expect(payloads).toEqual(['committed', 'outside']);
  });

  it("leaves the server's event loop free while a query runs", async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    await worker.db.execute(sql`select pg_sleep(0.4)`);
    const took = performance.now() - started;
    clearInterval(timer);
    // On the server's thread the timer could not fire at all until the query ended.
    expect(took).toBeGreaterThanOrEqual(390);
    expect(ticks).toBeGreaterThan(10);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('answers with the data directory as a tarball that opens again', async () => {
    const tarball = await worker.dump();
    const copy = await openInMemory(tarball);
    try {
      expect(await copy.db.select().from(counters)).toEqual(await worker.db.select().from(counters));
    } finally {
      await copy.close();
    }
  });

  it('refuses statements once closed', async () => {
    const closing = await openInMemory();
    await closing.close();
    await expect(closing.db.execute(sql`select 1`)).rejects.toThrow();
    expect(await closing.ping()).toBe(false);
  });
});
