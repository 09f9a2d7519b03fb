import { expect, type Page, test } from '@playwright/test';
import { LoginPage, openSignedIn } from './support/login-page.ts';
import { controlledByServiceWorker, goOffline, goOnline } from './support/offline.ts';

// Signing in and waiting for the service worker on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.PWA_SHOTS_DIR;
const PHONE = { width: 375, height: 812 };

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
declare const window: {
  dispatchEvent(event: unknown): boolean;
  installPrompts?: number;
};
declare class Event {
  constructor(type: string, init?: { cancelable?: boolean });
}

/**
 * Chromium's `beforeinstallprompt`, as the browser sends it when the app may be installed (a test
 * profile never gets the real one): `prompt()` counts on window.installPrompts.
 */
function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        window.installPrompts = (window.installPrompts ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    return window.dispatchEvent(event);
  });
}

/** Sends the browser's offer until the app shows it (the app listens once the page has loaded). */
async function installOfferShown(page: Page): Promise<void> {
  await expect(async () => {
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test.describe('installing the app', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a vendor is offered the install where the browser allows it, and "Not now" is remembered', async ({
    page,
  }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await installOfferShown(page);
    const offer = page.getByRole('region', { name: 'Install FieldBid on this device' });
    await expect(offer).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-install-offer-375.png` });
    await offer.getByRole('button', { name: 'Install', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.installPrompts ?? 0)).toBe(1);
    await expect(offer).toBeHidden();

    // Offered again on the next visit, until the vendor says "Not now".
    await page.reload();
    await installOfferShown(page);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('region', { name: 'Install FieldBid on this device' })).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });

    test('Safari, which has no install prompt, gets the Add to Home Screen steps', async ({ page }) => {
      await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
      const offer = page.getByRole('region', { name: 'Install FieldBid on this device' });
      await expect(offer).toContainText('tap the Share button, then Add to Home Screen');
      await expect(offer.getByRole('button', { name: 'Install', exact: true })).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-install-ios-375.png` });
    });
  });
});

test.describe('keeping a job', () => {
  // The service worker stores what a kept job needs (the config blocks it everywhere else).
  test.use({ serviceWorkers: 'allow', viewport: PHONE, hasTouch: true });

  test('"Kept offline" only once the job and the screens that open it are stored', async ({
    page,
    context,
  }) => {
    // The Outbox screen (where kept jobs are listed) is one of the vendor's screens the worker stores
    // after sign-in: hold it until the job has been asked to be kept.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/outbox-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    const login = new LoginPage(page);
    await login.goto();
    await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
    await login.signIn('vendor@demo.local');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await controlledByServiceWorker(page);
    await page.goto('/vendor/jobs');
    const keep = page.getByRole('button', { name: /^Keep offline: job #\d+$/ }).first();
    await expect(keep).toBeVisible();
    const requestId = /#(\d+)$/.exec((await keep.getAttribute('aria-label')) ?? '')?.[1];
    expect(requestId).toBeDefined();
    await keep.click();

    const keeping = page.getByRole('button', { name: `Keeping offline…: job #${requestId}` });
    await expect(keeping).toBeVisible();
    await expect(page.getByRole('button', { name: `Kept offline: job #${requestId}` })).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-keeping-375.png` });

    release();
    const kept = page.getByRole('button', { name: `Kept offline: job #${requestId}` });
    await expect(kept).toHaveAttribute('aria-pressed', 'true', { timeout: 45_000 });
    await kept.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-kept-375.png` });

    // What it said is true: offline, the kept-jobs panel (a screen not opened before) lists the job.
    await goOffline(context);
    try {
      await page.goto('/vendor/outbox');
      await expect(page.getByRole('heading', { name: 'Kept for the field' })).toBeVisible();
      await expect(page.getByTestId('kept-job')).toContainText(`#${requestId}`);
    } finally {
      await goOnline(context);
    }
  });
});
