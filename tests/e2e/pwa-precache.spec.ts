import { expect, test } from '@playwright/test';
import {
  APP_CACHE,
  cachedPaths,
  chunk,
  PRECACHE,
  rememberedRole,
  roleFilesStored,
} from './support/app-caches.ts';
import { LoginPage } from './support/login-page.ts';
import { controlledByServiceWorker, goOffline, goOnline, savedQueriesHold } from './support/offline.ts';

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

// Installing the worker, signing in and storing a role's screens on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const LANDING_TITLE = 'See inside every wall. Hire the right vendor. Keep the proof.';

test('a first visit precaches the shell and the public pages; a vendor’s screens follow the sign-in and open offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  const firstVisit = await cachedPaths(page, PRECACHE);
  expect(firstVisit).toEqual(
    expect.arrayContaining(['/index.html', '/pages/landing.html', '/pages/signed-in.html']),
  );
  // No screen of a signed-in area, and not the 360 viewer's three.js.
  for (const name of [
    'available-jobs-page',
    'request-detail-page',
    'outbox-page',
    'my-bids-page',
    'manager-dashboard-page',
    'admin-page',
    'sphere-viewer',
  ]) {
    expect(chunk(firstVisit, name), `${name} at the first visit`).toBeUndefined();
  }
  expect(firstVisit.length).toBeLessThan(100);
  const keptSoFar = await cachedPaths(page, APP_CACHE);
  for (const name of ['available-jobs-page', 'manager-dashboard-page', 'admin-page', 'sphere-viewer']) {
    expect(chunk(keptSoFar, name), `${name} before any sign-in`).toBeUndefined();
  }

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('vendor@demo.local');
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await rememberedRole(page, 'vendor');
  await roleFilesStored(page, 'vendor');
  const stored = await cachedPaths(page, APP_CACHE);
  for (const name of [
    'available-jobs-page',
    'request-detail-page',
    'outbox-page',
    'my-bids-page',
    'sphere-viewer',
  ]) {
    expect(chunk(stored, name), `${name} stored for the vendor`).toBeDefined();
  }
  for (const name of ['manager-dashboard-page', 'admin-page']) {
    expect(chunk(stored, name), `${name} is not the vendor's`).toBeUndefined();
  }

  // Screens this visit never opened open offline from what was stored, once the app was opened
  // again (the device keeps the signed-in user from the app's start).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The saved query cache is written at most once a second: offline, the guard opens the area only
  // once it holds the signed-in user's answer, not merely once the row exists.
  await savedQueriesHold(page, [['auth', 'status']]);
  await goOffline(context);
  try {
    await page.goto('/vendor/outbox');
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await page.goto('/vendor/bids');
    await expect(page.getByRole('heading', { name: 'My Bids', level: 1 })).toBeVisible();
  } finally {
    await goOnline(context);
  }
});

test('the installed app opens the signed-in user’s home, and the landing page when signed out', async ({
  page,
  context,
  browser,
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    id: string;
    start_url: string;
  };
  expect(manifest.id).toBe('/');
  expect(manifest.start_url).toBe('/?source=pwa');
  const start = manifest.start_url;

  // Signed out: the landing page, also once the worker answers.
  await page.goto(start);
  await controlledByServiceWorker(page);
  await page.goto(start);
  await expect(page).toHaveURL(/\/\?source=pwa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_TITLE);

  // A signed-in vendor: the dashboard, with no landing page (nor its cookie banner) on the way, online and offline.
  const login = new LoginPage(page);
  await login.goto();
  await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
  await login.signIn('vendor@demo.local');
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await rememberedRole(page, 'vendor');
  await page.goto(start);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Necessary Only' })).toHaveCount(0);

  // The saved query cache is written at most once a second: offline, the guard opens the area only
  // once it holds the signed-in user's answer, not merely once the row exists.
  await savedQueriesHold(page, [['auth', 'status']]);
  await goOffline(context);
  try {
    await page.goto(start);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } finally {
    await goOnline(context);
  }

  // A property manager on another device: the manager's dashboard.
  const managerContext = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const manager = await managerContext.newPage();
    await manager.goto('/');
    await controlledByServiceWorker(manager);
    const managerLogin = new LoginPage(manager);
    await managerLogin.goto();
    // The precached login page paints before it hydrates: type once its scripts run.
    await expect(manager.locator('html[data-app-ready="true"]')).toBeAttached();
    await managerLogin.signIn('manager@demo.local');
    await expect(manager).toHaveURL(/\/property-manager\/dashboard$/);
    await rememberedRole(manager, 'manager');
    await manager.goto(start);
    await expect(manager).toHaveURL(/\/property-manager\/dashboard$/);
  } finally {
    await managerContext.close();
  }
});
