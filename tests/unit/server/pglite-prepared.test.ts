import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatements } from '#server/db/pglite-prepared.ts';

// PGlite's named statements (src/server/db/pglite-prepared.ts): a text seen twice runs by name, and
// what it answers is what the text sent as is answers.
let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table things (
    id serial primary key, name text unique, at timestamptz, amount numeric, done boolean, data jsonb, tags text[]
  )`);
});
afterAll(async () => {
  await db.close();
});

const preparedNames = async () =>
  (await db.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);

describe('PGlite named statements', () => {
  it('answer the rows, fields and counts the text sent as is answers, for awkward values', async () => {
    const statements = new PreparedStatements();
    const insert =
      'insert into things (name, at, amount, done, data, tags) values ($1, $2, $3, $4, $5, $6) returning name, at, amount, done, data, tags';
    const names = ["it's", 'back\\slash \\x41', 'E\'\' "quoted"', 'ümlaut ✓', null];
    for (const [i, name] of names.entries()) {
      const values = [
        name,
        new Date(Date.UTC(2026, 0, 2, 3, 4, 5, i)),
        '12.50',
        i % 2 === 0,
        '{"k":[1,"\'"]}',
        '{a,"b c"}',
      ];
      const answer = await statements.query(db, insert, values, { rowMode: 'array' }, false);
      expect(answer.affectedRows).toBe(1);
      expect(answer.fields.map((field) => field.name)).toEqual([
        'name',
        'at',
        'amount',
        'done',
        'data',
        'tags',
      ]);
      expect(answer.rows[0]).toEqual([
        name,
        new Date(Date.UTC(2026, 0, 2, 3, 4, 5, i)),
        '12.50',
        i % 2 === 0,
        { k: [1, "'"] },
        ['a', 'b c'],
      ]);
    }
    // The first call ran as sent, the later ones by name.
    expect(await preparedNames()).toHaveLength(1);

    const select = 'select id from things where name = $1';
    for (let i = 0; i < 3; i += 1) {
      expect((await statements.query(db, select, ["it's"], {}, false)).rows).toHaveLength(1);
      expect((await statements.query(db, select, ["it'"], {}, false)).rows).toHaveLength(0);
    }
    expect(await preparedNames()).toHaveLength(2);
  });

  it('run a text as sent while its PREPARE is on its way, in a transaction too, and never reuse a name', async () => {
    const statements = new PreparedStatements();
    const select = 'select count(*)::int as n from things where done = $1';
    await statements.query(db, select, [true], {}, false);
    // The second use starts the PREPARE; the transaction's third use comes while it is on its way.
    const outside = statements.query(db, select, [true], {}, false);
    const inside = db.transaction(async (tx) => {
      const answer = await statements.query(tx, select, [false], {}, true);
      await tx.query("insert into things (name) values ('in the transaction')");
      return answer;
    });
    const [first, second] = await Promise.all([outside, inside]);
    expect(first.rows).toEqual([{ n: 3 }]);
    expect(second.rows).toEqual([{ n: 2 }]);
    expect((await db.query("select 1 from things where name = 'in the transaction'")).rows).toHaveLength(1);
    expect((await statements.query(db, select, [false], {}, false)).rows).toEqual([{ n: 2 }]);
  });

  it('fail as the text sent as is fails: the same code and constraint, or the same refusal', async () => {
    const statements = new PreparedStatements();
    const insert = 'insert into things (name) values ($1)';
    await statements.query(db, insert, ['twice'], {}, false);
    for (let i = 0; i < 2; i += 1) {
      await expect(statements.query(db, insert, ['twice'], {}, false)).rejects.toMatchObject({
        code: '23505',
        constraint: 'things_name_key',
      });
    }
    for (let i = 0; i < 3; i += 1) {
      await expect(
        statements.query(db, 'select nosuch from things where id = $1', [1], {}, false),
      ).rejects.toMatchObject({
        code: '42703',
      });
    }
    // In a transaction PREPARE's own refusal is the answer: the text's error, not 'current
    // transaction is aborted' from running it after the failed PREPARE.
    const unknown = 'select nosuch_either from things where id = $1';
    await expect(statements.query(db, unknown, [1], {}, false)).rejects.toMatchObject({ code: '42703' });
    await expect(db.transaction((tx) => statements.query(tx, unknown, [1], {}, true))).rejects.toMatchObject({
      code: '42703',
    });
  });
});
