import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { startSession } from './support/login-page.ts';
import { keptListOnDevice, keptOnDevice } from './support/offline.ts';
import { collectProblems } from './support/page-problems.ts';
import {
  largestPreloadBatch,
  recordPreloadBatches,
  stylesheetsAddedWhileInert,
} from './support/preload-batches.ts';

// a signed-in screen's first visit comes rendered by the server from its first answers,
// asked of the API as the visitor (src/server/pages/signed-in-render.ts), and the browser hydrates it.

declare const document: { cookie: string; querySelectorAll(selector: string): Iterable<{ id: string }> };

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/** The time zone cookie as the app set it on the first page this worker opened (the login page). */
let zoneCookie: Cookie | undefined;

/**
 * Signed in as the login screen leaves a browser: the session cookie, the stored token (startSession),
 * and the time zone cookie the app sets on any of its pages (here the login page's, opened once per
 * worker; the other tests take the cookie it left).
 */
async function signIn(page: Page, email: string): Promise<void> {
  if (zoneCookie === undefined) {
    await page.goto('/login');
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('fieldbid_tz=');
    zoneCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'fieldbid_tz');
  } else {
    await page.context().addCookies([zoneCookie]);
  }
  await startSession(page, email);
}

const rendered = (html: string, path: string) => html.includes(`data-prerendered="${path}"`);

test.describe('the HTML of a signed-in first visit', () => {
  test('Available Jobs holds its rows before any script, and nothing of them is usable yet', async ({
    page,
  }) => {
    await signIn(page, 'vendor@demo.local');
    const html = await (await page.request.get('/vendor/jobs')).text();
    expect(rendered(html, '/vendor/jobs')).toBe(true);
    // The rows are the API's own page 1 (the data block holds it; the markup shows it).
    const jobs = (await (await page.request.get('/api/vendor/jobs/?page=1&page_size=10')).json()) as {
      results: Array<{ description: string }>;
    };
    expect(jobs.results.length).toBeGreaterThan(0);
    expect(html).toContain('id="first-answers"');
    // Laid out for no guessed viewport: a desktop's table and a phone's cards, CSS showing one
    // (phone-first-paint.spec.ts looks at which).
    expect(html).toContain('<table');
    expect(html).toMatch(/<article[^>]*aria-label="[^"]*"/);
    // Nothing a Content-Security-Policy without 'unsafe-inline' scripts would refuse.
    expect(html).not.toMatch(/<script(?![^>]*(type="module"[^>]*src=|type="application\/json"))/);

    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/vendor/jobs');
    await expect(page.getByRole('heading', { name: 'Available Jobs', level: 1 })).toBeAttached();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    const first = jobs.results[0]?.description ?? '';
    // In the layout shown (the table at this width; the cards' copy is hidden by CSS).
    await expect(
      page.locator('#root').getByText(first.slice(0, 30)).filter({ visible: true }).first(),
    ).toBeVisible();
  });

  test('the server renders only what the API lets the visitor see', async ({ page }) => {
    // Signed out: the shell, which sends the visitor to /login.
    const signedOut = await (await page.request.get('/vendor/jobs')).text();
    expect(rendered(signedOut, '/vendor/jobs')).toBe(false);

    await signIn(page, 'manager@demo.local');
    // A manager asking for a vendor's screen: the API refuses the jobs list, so the shell answers
    // (and the app moves the manager to their own area).
    const wrongArea = await page.request.get('/vendor/jobs');
    expect(rendered(await wrongArea.text(), '/vendor/jobs')).toBe(false);
    expect(wrongArea.headers()['cache-control']).toBe('no-cache');
    // A request that does not exist: the detail call is a 404, so the shell answers.
    expect(
      rendered(
        await (await page.request.get('/property-manager/requests/999999')).text(),
        '/property-manager/requests/999999',
      ),
    ).toBe(false);
    // The dashboard's tables and their phone cards, CSS showing one (ResponsiveTable).
    const dashboard = await (await page.request.get('/property-manager/dashboard')).text();
    expect(rendered(dashboard, '/property-manager/dashboard')).toBe(true);
    expect(dashboard).toContain('<table');
    expect(dashboard).toContain('<article');
    expect(dashboard).toContain('Aspen Ridge Apartments');
    // Their own dashboard is rendered, never kept by a cache.
    const own = await page.request.get('/property-manager/dashboard');
    expect(rendered(await own.text(), '/property-manager/dashboard')).toBe(true);
    expect(own.headers()['cache-control']).toBe('private, no-store');

    // The dates are written in the reader's zone, which the app keeps in a cookie: a zone the server
    // does not know leaves the page to the shell.
    const origin = new URL(page.url()).origin;
    await page.context().addCookies([{ name: 'fieldbid_tz', value: 'Nowhere/Atlantis', url: origin }]);
    const unknown = await page.request.get('/property-manager/dashboard');
    expect(rendered(await unknown.text(), '/property-manager/dashboard')).toBe(false);
  });
});

test.describe('hydration of a server-rendered screen', () => {
  const screens = [
    { email: 'vendor@demo.local', path: '/vendor/jobs', heading: 'Available Jobs' },
    { email: 'vendor@demo.local', path: '/vendor/dashboard', heading: 'Dashboard' },
    { email: 'vendor@demo.local', path: '/vendor/requests/1', heading: 'Maintenance Request #1' },
    { email: 'manager@demo.local', path: '/property-manager/dashboard', heading: 'Dashboard' },
    { email: 'manager@demo.local', path: '/property-manager/requests/1', heading: 'Maintenance Request #1' },
  ];
  for (const width of [1280, 375]) {
    for (const { email, path, heading } of screens) {
      test(`${path} at ${width}px hydrates without an error or a mismatch`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, email);
        const problems = collectProblems(page);
        await recordPreloadBatches(page);
        await page.goto(path);
        await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
        // The app takes the page over: no longer inert, the same screen.
        await expect(page.locator('#root')).not.toHaveAttribute('inert');
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        // React reports a mismatch when it commits the hydrated tree; give it that turn.
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
        // Its scripts, the top bar's tools and the answers' seeding among them (start-app.tsx loads both
        // before hydrating), were preloaded a few a task, none all at once by Vite's helper.
        expect(await largestPreloadBatch(page)).toBeLessThanOrEqual(10);
        // The top bar's tools hydrate with the screen: their styles came with the page.
        expect(await stylesheetsAddedWhileInert(page)).toEqual([]);
      });
    }
  }

  test('the hydration reads the answers as the server read them: zod is not waited for', async ({ page }) => {
    await signIn(page, 'vendor@demo.local');
    // zod's chunk (named for zod, or for its first module, `schemas`, as the build's graph decides), held
    // until the page is taken over: building the schemas is a long task on a slow phone, and the server
    // has already read the answers.
    let zodAsked = false;
    await page.route(/\/assets\/(zod|schemas)-[^/]*\.js$/, async (route) => {
      zodAsked = true;
      await expect(page.locator('#root')).not.toHaveAttribute('inert', '', { timeout: 20_000 });
      await route.continue();
    });
    await page.goto('/vendor/jobs');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/jobs');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { name: 'Available Jobs', level: 1 })).toBeVisible();
    // The bell's unread count is the first answer the app reads, with zod loaded for it.
    await expect.poll(() => zodAsked).toBe(true);
  });

  test('the answers a screen came with are kept on the device, as fetched ones are: readable offline', async ({
    page,
  }) => {
    await signIn(page, 'vendor@demo.local');
    await page.goto('/vendor/jobs');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/jobs');
    // The page fetches nothing again for 30 s: its list is kept from the answer it came with.
    await keptListOnDevice(page, '"jobs"');
    // The demo seed's first request (others' tests add requests of every kind meanwhile).
    await page.goto('/vendor/requests/1');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/vendor/requests/1');
    await keptOnDevice(page, 'requestDetails', '1');
  });

  test("the hydrated page keeps the server's element ids: nothing renders the page again after hydrating", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'manager@demo.local');
    const html = await (await page.request.get('/property-manager/dashboard')).text();
    const serverIds = [...html.matchAll(/\sid="(mantine-[^"]+)"/g)].map((match) => match[1]);
    // The top bar's menus and the frame ask Mantine for ids, as the screen's parts do.
    expect(serverIds.length).toBeGreaterThan(3);
    await page.goto('/property-manager/dashboard');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.waitForLoadState('networkidle');
    // Mantine's own useId swaps each id for a random one right after the first commit, which
    // re-rendered most of the page in one long task (scripts/mantine-patches.ts).
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('[id^="mantine-"]')].map((element) => element.id),
    );
    for (const id of serverIds) expect(ids).toContain(id);
  });

  test('Available Jobs works once hydrated on a phone: only its cards are left, the bid dialog opens', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await signIn(page, 'vendor@demo.local');
    await page.goto('/vendor/jobs');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // The page came with the table and the cards; once hydrated only the cards, shown, are left.
    await expect(page.locator('#root table')).toHaveCount(0);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await cards.first().getByRole('button', { name: 'Bid' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
