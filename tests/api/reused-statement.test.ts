import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query-rows.ts';
import { reusedSql, reusedStatement, reusedStatementsByShape } from '#server/db/reused-statement.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// A statement built once (src/server/db/reused-statement.ts) must run on the connection it is given
// each time: inside a transaction, on that transaction's connection (a FOR UPDATE taken there holds
// until it ends), elsewhere on the pool. It reads what Drizzle does not declare, so a Drizzle upgrade
// that moved it fails here first.
let t: TestApp;
let requestId: number;

const describedAs = reusedStatement((db) =>
  db
    .select({ description: mr.description })
    .from(mr)
    .where(eq(mr.id, sql.placeholder('id')))
    .prepare(''),
);

/** Named, as the hot statements are: PostgreSQL parses and plans it once per connection. */
const namedDescribedAs = reusedStatement((db) =>
  db
    .select({ description: mr.description })
    .from(mr)
    .where(eq(mr.id, sql.placeholder('id')))
    .prepare('fieldbid_test_described_as'),
);

/** A raw statement (the one-statement writes), named the same way. */
const rawDescribedAs = reusedSql<{ description: string }>(
  'fieldbid_test_raw_described_as',
  () => sql`select description from maintenance_requests where id = ${sql.placeholder('id')}::int`,
);

/** Statements whose text depends on a filter (the jobs list's), one per shape. */
const byShape = reusedStatementsByShape<{ description: string }[]>('fieldbid_test_shape');
const describedIf = (filtered: boolean, values: { id: number; description?: string }) =>
  byShape(
    t.db,
    filtered ? 'filtered' : 'plain',
    (db, name) =>
      db
        .select({ description: mr.description })
        .from(mr)
        .where(
          filtered
            ? sql`${mr.id} = ${sql.placeholder('id')} and ${mr.description} = ${sql.placeholder('description')}`
            : eq(mr.id, sql.placeholder('id')),
        )
        .prepare(name),
    values,
  );

beforeAll(async () => {
  t = await startTestApp();
  const world = await makeRequestWorld(t.db);
  requestId = (await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id })).id;
  await t.db.update(mr).set({ description: 'Committed' }).where(eq(mr.id, requestId));
  // Built on its first call, here through the pool: later calls in a transaction must still use theirs.
  expect(await describedAs(t.db, { id: requestId })).toEqual([{ description: 'Committed' }]);
});
afterAll(async () => {
  await t.close();
});

describe('reusedStatement', () => {
  it("runs inside the transaction it is given: it reads the transaction's own uncommitted write", async () => {
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(mr).set({ description: 'Uncommitted' }).where(eq(mr.id, requestId));
        expect(await describedAs(tx, { id: requestId })).toEqual([{ description: 'Uncommitted' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await describedAs(t.db, { id: requestId })).toEqual([{ description: 'Committed' }]);
  });

  it('fills each call with its own values', async () => {
    expect(await describedAs(t.db, { id: requestId })).toEqual([{ description: 'Committed' }]);
    expect(await describedAs(t.db, { id: requestId + 1_000_000 })).toEqual([]);
  });

  it('keeps a named statement prepared on the connection that ran it (PostgreSQL; PGlite parses each time)', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      for (let run = 0; run < 3; run += 1)
        expect(await namedDescribedAs(tx, { id: requestId })).toEqual([{ description: 'Committed' }]);
      const [row] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from pg_prepared_statements where name = 'fieldbid_test_described_as'`,
      );
      return Number(row?.count);
    });
    // Drizzle's PGlite driver sends no statement names: there the statement is parsed on every call.
    expect(prepared).toBe(process.env.TEST_DB === 'postgres' ? 1 : 0);
    // Another connection of the pool prepares it for itself.
    expect(await namedDescribedAs(t.db, { id: requestId })).toEqual([{ description: 'Committed' }]);
  });

  it('runs a raw statement in the transaction it is given, named on PostgreSQL', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      await tx.update(mr).set({ description: 'Uncommitted' }).where(eq(mr.id, requestId));
      expect(await rawDescribedAs(tx, { id: requestId })).toEqual([{ description: 'Uncommitted' }]);
      const [row] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from pg_prepared_statements where name = 'fieldbid_test_raw_described_as'`,
      );
      await tx.update(mr).set({ description: 'Committed' }).where(eq(mr.id, requestId));
      return Number(row?.count);
    });
    expect(prepared).toBe(process.env.TEST_DB === 'postgres' ? 1 : 0);
    expect(await rawDescribedAs(t.db, { id: requestId + 1_000_000 })).toEqual([]);
  });

  it("builds one statement per shape, each named for itself, and fills in each call's values", async () => {
    expect(await describedIf(false, { id: requestId })).toEqual([{ description: 'Committed' }]);
    expect(await describedIf(true, { id: requestId, description: 'Committed' })).toEqual([
      { description: 'Committed' },
    ]);
    // Each shape kept its own text: the filtered one still filters, the plain one still does not.
    expect(await describedIf(true, { id: requestId, description: 'Other' })).toEqual([]);
    expect(await describedIf(false, { id: requestId, description: 'Other' })).toEqual([
      { description: 'Committed' },
    ]);
    const names = await t.db.transaction(async (tx) => {
      await byShape(
        tx,
        'plain',
        () => {
          throw new Error('a shape is built once');
        },
        { id: requestId },
      );
      const rows = await queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where name like 'fieldbid_test_shape_%' order by name`,
      );
      return rows.map((row) => row.name);
    });
    // The transaction's connection has the shape it ran prepared (and the other if it ran there before).
    if (process.env.TEST_DB === 'postgres') expect(names).toContain('fieldbid_test_shape_0');
    else expect(names).toEqual([]);
    expect(names.every((name) => ['fieldbid_test_shape_0', 'fieldbid_test_shape_1'].includes(name))).toBe(
      true,
    );
  });
});
