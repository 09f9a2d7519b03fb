import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { postJson } from './support/api-session.ts';
import { DEMO_PASSWORD } from './support/login-page.ts';

// A signed-in page the server renders is laid out for the reader's viewport by CSS media queries
// alone: what shows before any script runs is a phone's layout on a phone (cards, the menu button a
// burger) and a desktop's on a desktop (table, the open sidebar's menu button an X), and nothing moves
// when the app takes the page over. This browser never says it is a phone (no mobile User-Agent, no
// Sec-CH-UA-Mobile): only the viewport's width can decide.

declare const localStorage: { setItem(key: string, value: string): void };
declare const document: { cookie: string };

/**
 * Signed in without running a script: the session cookie from the login call (the page's requests share
 * the browser's cookies) and the time zone cookie the app would have set, which the server's render needs.
 */
async function signInWithoutScripts(page: Page, context: BrowserContext, email: string): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await context.addCookies([{ name: 'fieldbid_tz', value: 'America/Denver', url: origin }]);
  await postJson(page.request, '/api/users/login/', { email, password: DEMO_PASSWORD });
}

/** What the first paint shows: rows as cards or a table, and the menu buttons one can see. */
async function firstPaint(page: Page) {
  const root = page.locator('#root');
  return {
    cards: root.locator('article'),
    tables: root.locator('table'),
    burger: root.locator('header button[aria-label="Open navigation"]'),
    closeX: root.locator('header button[aria-label="Close navigation"]'),
  };
}

test.describe('before any script: laid out by CSS for the viewport', () => {
  test.use({ javaScriptEnabled: false });

  test('Available Jobs at 375px shows cards and a closed menu button, not the table and an X', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWithoutScripts(page, context, 'vendor@demo.local');
    await page.goto('/vendor/jobs');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/jobs');
    const shown = await firstPaint(page);
    await expect(shown.cards.first()).toBeVisible();
    // The table's HTML is there for a wider screen, but not displayed.
    await expect(shown.tables).toHaveCount(1);
    await expect(shown.tables.first()).toBeHidden();
    // One menu button shows, drawn as a burger (Mantine's Burger marks its X state with data-opened).
    await expect(shown.burger).toHaveCount(1);
    await expect(shown.burger).toBeVisible();
    await expect(shown.burger).not.toHaveAttribute('data-opened');
    await expect(shown.closeX).toBeHidden();
    // The first card fits the screen: nothing is laid out for a desktop and squeezed.
    const card = (await shown.cards.first().boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(375);
  });

  test('Available Jobs at 1280px shows the table and the open sidebar', async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithoutScripts(page, context, 'vendor@demo.local');
    await page.goto('/vendor/jobs');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/jobs');
    const shown = await firstPaint(page);
    await expect(shown.tables.first()).toBeVisible();
    await expect(shown.cards.first()).toBeHidden();
    await expect(shown.closeX).toBeVisible();
    await expect(shown.burger).toBeHidden();
    await expect(page.locator('#root nav, #root [id="fieldbid-sidebar"]').first()).toBeVisible();
  });

  for (const { email, path } of [
    { email: 'manager@demo.local', path: '/property-manager/dashboard' },
    { email: 'manager@demo.local', path: '/property-manager/requests/1' },
    { email: 'vendor@demo.local', path: '/vendor/dashboard' },
  ]) {
    test(`${path} at 375px shows no table and a closed menu button`, async ({ page, context }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await signInWithoutScripts(page, context, email);
      await page.goto(path);
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
      const shown = await firstPaint(page);
      await expect(page.locator('#root h1')).toBeVisible();
      for (const table of await shown.tables.all()) await expect(table).toBeHidden();
      await expect(shown.burger).toBeVisible();
      await expect(shown.closeX).toBeHidden();
      // Nothing wider than the screen (a desktop table squeezed into it scrolls sideways).
      const overflow = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      );
      expect(overflow).toBeLessThanOrEqual(375);
    });
  }
});

/** The layout shifts the page has had, summed, as the browser reports them (PerformanceObserver). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // The browser's PerformanceObserver (this file is typed with Node's, which knows no layout shifts).
    const scope = globalThis as unknown as {
      layoutShiftTotal: number;
      PerformanceObserver: new (
        callback: (list: { getEntries(): Array<{ value: number; hadRecentInput: boolean }> }) => void,
      ) => { observe(options: { type: string; buffered: boolean }): void };
    };
    scope.layoutShiftTotal = 0;
    new scope.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) scope.layoutShiftTotal += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShiftTotal = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { layoutShiftTotal: number }).layoutShiftTotal);

/** Signed in as the login screen leaves a browser: session cookie, stored token, time zone cookie. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain('fieldbid_tz=');
  const answer = await postJson(page.request, '/api/users/login/', { email, password: DEMO_PASSWORD });
  const { token } = (await answer.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

test.describe('when the app takes the page over on a phone', () => {
  // A phone's width; the dashboard's taller screen keeps its later sections in view, where a change
  // of layout would move them.
  for (const { email, path, height } of [
    { email: 'manager@demo.local', path: '/property-manager/dashboard', height: 1600 },
  ]) {
    test(`${path} at 375x${height} does not move (layout shifts under 0.02)`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height });
      await signIn(page, email);
      await recordLayoutShifts(page);
      await page.goto(path);
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      // Hydrated, the hidden layout dropped (no table left in the page) and the network quiet.
      await expect(page.locator('#root table')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#root article').first()).toBeVisible();
      await expect(page.locator('#root header button[aria-label="Open navigation"]')).toBeVisible();
      expect(await layoutShiftTotal(page)).toBeLessThan(0.02);
    });
  }
});

/** Resolves in the page once the browser has had an idle period with nothing else to do. */
const browserIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        (globalThis as unknown as { requestIdleCallback(callback: () => void): void }).requestIdleCallback(
          () => resolve(),
        ),
      ),
  );

test('Available Jobs at 375px does not move from load until the app is idle (the own-bid marks included)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'vendor@demo.local');
  await recordLayoutShifts(page);
  await page.goto('/vendor/jobs');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/jobs');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root table')).toHaveCount(0);
  // The last thing the page draws: the marks of the jobs the vendor bid on (the seed has such jobs),
  // loaded after the list, in place of their "Bid" buttons.
  const cards = page.locator('#root article');
  await expect(cards.filter({ hasText: /You bid/i }).first()).toBeVisible();
  await expect(cards.getByRole('button', { name: /^Edit my bid on job/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await browserIdle(page);
  await browserIdle(page);
  expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.02);
});
