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
// The browser's push service is replaced in tests/e2e/push-notifications.spec.ts by one that hands
// out https://push.example.test/ endpoints, which the push-endpoint rule refuses: this test server
// accepts any https endpoint (a production server refuses to start with this).
process.env.PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS = 'true';

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
