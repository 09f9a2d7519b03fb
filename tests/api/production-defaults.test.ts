import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/auth/passwords.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { users } from '#server/db/schema/users.ts';
import { DEMO_EMAILS, isDatabaseEmpty, seedDemoData } from '#server/seed/seed.ts';
import { adminQuery, databaseUrl } from '../support/postgres-admin.ts';
import { freePort, spawnServer, waitForHealth } from '../support/server-process.ts';

// The real entry point refusing a real deployment (NODE_ENV=production or an https PUBLIC_URL)
// while it would carry the demo's public password or the test checkout by accident.
const onPostgres = process.env.TEST_DB === 'postgres';
let dataDir: string;
let adminUrl: string | undefined;
let databaseName: string | undefined;
const env: Record<string, string> = {};

/** The database the child servers use, opened here while none of them runs. */
async function withDatabase(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir }, console);
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fieldbid-production-'));
  env.DATA_DIR = dataDir;
  if (onPostgres) {
    adminUrl = process.env.TEST_DATABASE_URL!;
    databaseName = `fieldbid_production_${Date.now()}`;
    await adminQuery(adminUrl, `create database ${databaseName}`);
    env.DATABASE_URL = databaseUrl(adminUrl, databaseName);
  }
  // The demo data as `npm start` (embedded) or `npm run seed:demo` (PostgreSQL) leaves it.
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir }, console);
  try {
    await database.migrate();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}, 90_000);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseName) {
    await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
  }
});

async function refusedStart(extra: Record<string, string>) {
  const server = spawnServer({ ...env, ...extra }, await freePort());
  const code = await server.exited;
  return { code, output: server.output() };
}

const DEMO_REFUSAL =
  'refusing to start in production: the demo accounts admin@demo.local, manager@demo.local, vendor@demo.local still have the published password demo12345';
const PAYMENTS_REFUSAL = 'refusing to start in production: payments would go through the local test checkout';

describe('a production start', () => {
  it('refuses the demo accounts with their published password and an unnamed test checkout', async () => {
    const { code, output } = await refusedStart({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain(DEMO_REFUSAL);
    expect(output).toContain(PAYMENTS_REFUSAL);
    expect(output).not.toContain('Server listening');
  }, 60_000);

  it('counts an https PUBLIC_URL as production, and accepts the test checkout named on purpose', async () => {
    const { code, output } = await refusedStart({
      PUBLIC_URL: 'https://fieldbid.example',
      PAYMENTS_PROVIDER: 'local',
    });
    expect(code).toBe(1);
    expect(output).toContain(DEMO_REFUSAL);
    expect(output).not.toContain(PAYMENTS_REFUSAL);
  }, 60_000);

  it('refuses a contradictory payments setting with one clear line', async () => {
    const { code, output } = await refusedStart({ PAYMENTS_PROVIDER: 'stripe' });
    expect(code).toBe(1);
    expect(output).toContain(
      'Invalid environment: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('starts once the demo passwords are changed, with HSTS on its https address', async () => {
    const changed = await hashPassword('a private password', { N: 1024, r: 8, p: 1 });
    await withDatabase(async (db) => {
      await db
        .update(users)
        .set({ passwordHash: changed })
        .where(inArray(users.email, Object.values(DEMO_EMAILS)));
    });
    const server = spawnServer(
      { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://fieldbid.example', PAYMENTS_PROVIDER: 'local' },
      await freePort(),
    );
    try {
      await waitForHealth(server.port);
      const health = await fetch(`http://127.0.0.1:${server.port}/api/health/`);
      expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(server.output()).not.toContain('DEMO ACCOUNTS');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 90_000);
});
