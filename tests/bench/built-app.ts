// The built app for the browser benchmarks: rebuilt only when dist/ is missing or older than what it
// is built from, and served by the real server on its own port with a fresh, seeded embedded database.
// The caller holds /tmp/fieldbid-browser.lock (helper rule 7) while building and serving.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What `vite build` reads; the server code is not part of dist/. */
const BUILD_INPUTS = [
  'src/app',
  'src/shared',
  // The build's own plugins (prerendering, Mantine's per-component CSS, precompression).
  'scripts',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package-lock.json',
];
/** Written by every build; the oldest of them is when the last build finished. */
const BUILD_OUTPUTS = ['dist/index.html', 'dist/sw.js', 'dist/manifest.webmanifest'];
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

export function distIsFresh(root: string): boolean {
  const outputs = BUILD_OUTPUTS.map((path) => join(root, path));
  if (!outputs.every((path) => existsSync(path))) return false;
  const builtAt = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  return BUILD_INPUTS.every((input) => newestMtime(join(root, input)) <= builtAt);
}

/** Builds when needed; the build's own output is shown only when it fails. */
export function ensureBuild(root: string): 'up to date' | 'rebuilt' {
  if (distIsFresh(root)) return 'up to date';
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`  built dist/ in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 'rebuilt';
}

export interface RunningServer {
  origin: string;
  /** Idempotent: the offline check stops the server early, the cleanup calls it again. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** `src/server/main.ts` on dist/, as `npm start` would run it, seeding the fresh database itself. */
export async function startBuiltServer(root: string, port: number): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${port}`;
  const health = `${origin}/api/health/`;
  // Someone else's server on the port would answer the health check and be measured instead.
  if (await answers(health)) throw new Error(`port ${port} is already in use`);

  const dataDir = mkdtempSync(join(tmpdir(), 'fieldbid-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(root, 'dist'),
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
  };
  // The embedded database, never a PostgreSQL the shell happens to point at.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  // Whatever way this process ends (watchdog, crash), the server and its data go with it.
  const onExit = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    process.off('exit', onExit);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(health))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server on ${origin} did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop };
}
