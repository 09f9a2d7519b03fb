import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { type Database, MIGRATIONS_FOLDER, type QueryLog, queryLogger } from './database.ts';
import { listenOnPostgres } from './postgres-listener.ts';

/** Any number, fixed: every FieldBid process takes the same advisory lock while migrating. */
const MIGRATION_LOCK_KEY = 726_351_004;

export async function openPostgresDatabase(
  url: string,
  log: Pick<Logger, 'error'>,
  options: { logQuery?: QueryLog } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // JIT compiles a plan whose estimated cost passes jit_above_cost: on these short queries it spent
    // about 90 ms compiling for 20 ms of work (EXPLAIN ANALYZE of the jobs list).
    options: '-c jit=off',
  });
  // An idle client losing its connection (a database restart) emits here; without a listener the
  // process would crash. The pool replaces the client on the next query.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL idle client error'));
  // A client checked out of the pool (inside a transaction) has no error listener of the pool's:
  // losing its connection between two queries would emit an unhandled 'error' and end the process.
  // Its next query fails instead (503 to the caller), and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => log.error({ err: error }, 'PostgreSQL client lost its connection'));
  });
  const db = drizzle({ client: pool, ...queryLogger(options.logQuery) });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    connection: { kind: 'postgres', url },
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(url, channel, onPayload, log, onReconnect),
    close: () => pool.end(),
  };
}
