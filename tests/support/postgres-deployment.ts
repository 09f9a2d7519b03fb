import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { openPostgresDatabase } from '#server/db/postgres-database.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from './server-process.ts';

/**
 * One deployment on PostgreSQL for tests of real server processes: a fresh database copied from
 * the migrated template (or empty, `migrated: false`), a data directory the processes share, and
 * a connection of the test's own for fixtures and for checking rows.
 */
export class PostgresDeployment {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'fieldbid-deploy-'));
  readonly servers: ServerProcess[] = [];

  private constructor(
    private readonly adminUrl: string,
    readonly name: string,
    readonly url: string,
    readonly database: Database,
  ) {}

  static async create(options: { migrated?: boolean } = {}): Promise<PostgresDeployment> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('these tests need TEST_DATABASE_URL (a PostgreSQL server)');
    const name = `fieldbid_deploy_${randomBytes(6).toString('hex')}`;
    const template = options.migrated === false ? '' : ` template ${inject('postgresTemplate')}`;
    await adminQuery(adminUrl, `create database ${name}${template}`);
    const url = databaseUrl(adminUrl, name);
    return new PostgresDeployment(adminUrl, name, url, await openPostgresDatabase(url, console));
  }

  get db() {
    return this.database.db;
  }

  /** This database's URL reached through another port (a cutting proxy in front of PostgreSQL). */
  urlThroughPort(port: number): string {
    const url = new URL(this.url);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  }

  /** Starts a server process on this deployment (`env` adds to or overrides its settings). */
  async startServer(env: Record<string, string> = {}, options: { waitForHealth?: boolean } = {}) {
    const server = spawnServer(
      { DATA_DIR: this.dataDir, DATABASE_URL: this.url, LOG_LEVEL: 'warn', ...env },
      await freePort(),
    );
    this.servers.push(server);
    if (options.waitForHealth !== false) {
      const exited = server.exited.then((code) => {
        throw new Error(`the server exited with ${code} before it was healthy:\n${server.output()}`);
      });
      await Promise.race([waitForHealth(server.port), exited]);
      exited.catch(() => undefined);
    }
    return server;
  }

  async dispose(): Promise<void> {
    for (const server of this.servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await this.database.close();
    await adminQuery(this.adminUrl, `drop database if exists ${this.name} with (force)`);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
