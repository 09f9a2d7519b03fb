import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, spawnServer, waitForHealth } from './server-process.ts';

/** A process killed by a signal has no exit code, only a signal code. */
function isAlive(server: ServerProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/**
 * The real server process on a fixed port and its own embedded database, which a test can kill
 * (SIGKILL, a crash: no graceful shutdown, the data-dir lock left behind) and start again on the
 * same port and data directory. The first start seeds the demo data into the fresh database.
 */
export class RestartableServer {
  readonly dataDir: string;
  private current: ServerProcess | null = null;
  /** How many times the process was killed. */
  kills = 0;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {
    this.dataDir = mkdtempSync(join(tmpdir(), 'fieldbid-restart-'));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.current !== null && isAlive(this.current);
  }

  /** Starts the process and waits until it answers /api/health/; fails with its output if it exits. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.running) throw new Error('the server is already running');
    const server = spawnServer({ DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', ...this.env }, this.port);
    this.current = server;
    const exitedEarly = server.exited.then((code) => {
      throw new Error(`the server exited with ${code} before it was healthy:\n${server.output()}`);
    });
    await Promise.race([waitForHealth(this.port, timeoutMs), exitedEarly]);
    // Once healthy, a later exit is the test's business (kill), not a start failure.
    exitedEarly.catch(() => undefined);
  }

  /** A crash: SIGKILL, then waits until the process is gone (its lock file stays in the data dir). */
  async kill(): Promise<void> {
    const server = this.current;
    if (!server || !isAlive(server)) return;
    server.child.kill('SIGKILL');
    await server.exited;
    this.kills += 1;
  }

  async restart(timeoutMs = 120_000): Promise<void> {
    await this.kill();
    await this.start(timeoutMs);
  }

  /** Stops the process (SIGTERM, graceful) and removes the data directory. */
  async dispose(): Promise<void> {
    const server = this.current;
    if (server && isAlive(server)) {
      server.child.kill('SIGTERM');
      const forced = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      await server.exited;
      clearTimeout(forced);
    }
    this.current = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  output(): string {
    return this.current?.output() ?? '';
  }
}
