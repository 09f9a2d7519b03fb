// Starts the built app for the browser tests on a fresh embedded database (demo seed included).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const port = process.argv[2] ?? '8181';
const dataDir = fileURLToPath(new URL(`../data/e2e-${port}`, import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
