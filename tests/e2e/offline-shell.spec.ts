import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import {
  controlledByServiceWorker,
  forgetKeptQueryCache,
  goOffline,
  goOnline,
  keptListOnDevice,
  keptOnDevice,
  savedQueriesHold,
  signInUnderServiceWorker,
} from './support/offline.ts';

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

// Waiting for the service worker to take control and reloading offline took 26 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
declare const localStorage: { getItem(key: string): string | null };

// Lighthouse 13 has no PWA category any more (GoogleChrome/lighthouse#15455), so installability is
// checked the way DevTools does it: Chromium's own installability errors over the DevTools protocol.

test('the app is installable: manifest, icons, service worker (Chromium installability check)', async ({
  baseURL,
}, testInfo) => {
  // Chromium never offers installation in an incognito profile, which is what a test context is.
  const profile = mkdtempSync(join(tmpdir(), 'fieldbid-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await page.goto('/');
    await controlledByServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      display: string;
      theme_color: string;
      icons: Array<{ sizes: string; purpose?: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(parsed.display).toBe('standalone');
    expect(parsed.theme_color).toBeTruthy();
    expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(parsed.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Available Jobs', '/vendor/jobs'],
      ['My Bids', '/vendor/bids'],
      ['Messages', '/vendor/messages'],
    ]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline after a visit: the shell and the job list render from the device, with the offline mark', async ({
  page,
  context,
}) => {
  await signInUnderServiceWorker(page);

  const jobs = (await page.evaluate(async () => {
    const response = await fetch('/api/vendor/jobs/', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, Accept: 'application/json' },
    });
    return response.json();
  })) as { results: Array<{ description: string }> };
  const firstJob = jobs.results[0]?.description.slice(0, 24) ?? '';
  expect(firstJob).not.toBe('');

  await page.goto('/vendor/jobs');
  await expect(page.getByText(firstJob).first()).toBeVisible();
  // The list and the query cache (with the signed-in user) are saved to IndexedDB a moment later.
  await keptListOnDevice(page, '"jobs"');
  await savedQueriesHold(page, [['auth', 'status']]);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
  await expect(page.getByText(firstJob).first()).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();

  // A deep link opened offline gets the precached shell too.
  await page.goto('/vendor/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Nothing waiting.')).toBeVisible();
});

test('opened offline before the device kept the session: still signed in, the area opens once online', async ({
  page,
  context,
}) => {
  await signInUnderServiceWorker(page);
  await keptOnDevice(page, 'queryCache', 'client');
  // As if the app had been closed before it kept the user: leave it, then drop the saved cache.
  await page.goto('/api/health/');
  await forgetKeptQueryCache(page);

  await goOffline(context);
  await page.goto('/vendor/jobs');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/jobs$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // Asking again without a connection keeps the notice (and the session).
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // The connection comes back: the area opens by itself.
  await goOnline(context);
  await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
});
