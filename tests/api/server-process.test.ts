import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../support/server-process.ts';

// The real entry point in a child process: migrations at start, demo seed only into an empty
// embedded database, the data-directory lock, and graceful shutdown on SIGTERM.
const onPostgres = process.env.TEST_DB === 'postgres';
let dataDir: string;
let server: ServerProcess;
let databaseName: string | undefined;
let adminUrl: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fieldbid-process-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (onPostgres) {
    adminUrl = process.env.TEST_DATABASE_URL!;
    databaseName = `fieldbid_process_${Date.now()}`;
    await adminQuery(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  server = spawnServer(env, await freePort());
  await waitForHealth(server.port);
}, 90_000);

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseName)
    await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
});

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function demoLoginStatus(port: number): Promise<number> {
  const csrf = await fetch(`http://127.0.0.1:${port}/api/get-csrf-token/`);
  const cookies = csrf.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`http://127.0.0.1:${port}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrftoken': csrfToken },
    body: JSON.stringify({ email: 'vendor@demo.local', password: 'demo12345' }),
  });
  return login.status;
}

describe('the server process', () => {
  it(
    onPostgres
      ? 'never seeds demo data into a PostgreSQL database on its own'
      : 'seeds the demo accounts into a new embedded database',
    async () => {
      expect(await demoLoginStatus(server.port)).toBe(onPostgres ? 400 : 200);
      // Loudly: the accounts by name, and that their password is public.
      const warning =
        'DEMO ACCOUNTS admin@demo.local, manager@demo.local, vendor@demo.local sign in with the password demo12345, which is public';
      if (onPostgres) expect(server.output()).not.toContain('DEMO ACCOUNTS');
      else expect(server.output()).toContain(warning);
    },
  );

  it(onPostgres
    ? 'lets a second process share the PostgreSQL database (the scale-out path)'
    : 'refuses a second server on the same embedded data directory with a clear message', async () => {
    if (onPostgres) {
      const second = spawnServer(
        { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL! },
        await freePort(),
      );
      await waitForHealth(second.port);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      return;
    }
    const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data directory');
  }, 60_000);

  it('finishes an in-flight request on SIGTERM, then exits cleanly and releases the lock', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'x' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/users/login/',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight when SIGTERM lands.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    // No session cookie: the CSRF check answers 403, but it answers.
    expect(await answered).toBe(403);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 30_000);
});
