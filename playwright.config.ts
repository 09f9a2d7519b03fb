import { defineConfig } from '@playwright/test';

export const E2E_PORT = 8181;

// Debian's Chromium; never a downloaded browser. The flags keep it off the (closed) network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two workers on two cores, each browser context installing the service worker and its precache:
  // a sign-in alone can take 10 s under that load, so the limits leave room (a passing test is no slower).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Each new context would install the service worker and download its whole precache (about 2.7 MB,
    // three.js included) while the test runs. The offline specs allow it again with test.use.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh embedded database with the demo seed for every run, on its own port.
    command: `node scripts/e2e-server.mjs ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
