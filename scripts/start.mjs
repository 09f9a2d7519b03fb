// `npm start`: build the PWA when it is missing or older than its sources, then run the server
// in this same process (signals reach it directly, so shutdown stays graceful).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtShell = join(root, 'dist', 'index.html');
const sources = [
  'src/app',
  'src/shared',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

// The server's renderer of signed-in screens comes from the same build (scripts/prerender-plugin.ts).
const builtRenderer = join(root, 'dist-ssr', 'render-signed-in.js');
const builtAt = existsSync(builtShell) && existsSync(builtRenderer) ? statSync(builtShell).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the app (first start)...' : 'Sources changed: rebuilding the app...');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
