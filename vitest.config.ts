import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API suite runs once per database: always on PGlite, and on PostgreSQL as well when
// TEST_DATABASE_URL is set (.ci/run sets it to the local server).
const POSTGRES_ONLY = [
  'tests/api/database-faults.test.ts',
  'tests/api/two-processes.test.ts',
  'tests/api/request-create-locks.test.ts',
  'tests/api/read-caches-two-processes.test.ts',
  'tests/api/notification-delivery-skip-locked.test.ts',
  'tests/api/read-caches-listen-lost.test.ts',
  'tests/api/health-connection-lost.test.ts',
  'tests/api/session-caches-two-processes.test.ts',
  'tests/api/job-queue-two-processes.test.ts',
];
// The embedded database's own worker thread: nothing to test on PostgreSQL.
const PGLITE_ONLY = ['tests/api/pglite-worker.test.ts'];
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    // Server processes sharing one PostgreSQL through a proxy, or two writers at once: PGlite has
    // no second process and runs one transaction at a time.
    exclude: database === 'pglite' ? POSTGRES_ONLY : PGLITE_ONLY,
    environment: 'node',
    env: { TEST_DB: database },
    globalSetup: ['tests/support/database-template.ts'],
    // Vitest's default on 2 cores is one worker; these files wait on PostgreSQL, scrypt's thread
    // pool and timers much of the time, so three keep both cores busy.
    maxWorkers: 3,
    // Each file builds its own app on its own database, so files can share a worker's module cache:
    // with isolation every file re-imported the whole server (about 200 s of the suite's time).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/app/setup.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
