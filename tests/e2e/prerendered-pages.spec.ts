import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';
import { collectProblems } from './support/page-problems.ts';
import { largestPreloadBatch, recordPreloadBatches } from './support/preload-batches.ts';

// the public pages are rendered to HTML at build time from the app's own components, so they
// paint before any script runs, and the browser hydrates them without a mismatch.

test.describe('the HTML the server sends, before any script', () => {
  test('/ holds the landing page: its headline, sections and links', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('See inside every wall. Hire the right vendor. Keep the proof.');
    expect(html).toContain('<title>FieldBid: property maintenance, documented</title>');
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>.*Login/);
    expect(html).toMatch(/<a [^>]*href="\/signup"[^>]*>.*Sign Up/);
    for (const id of ['services', 'about-us', 'demos', 'getting-started', 'contact-us']) {
      expect(html).toContain(`id="${id}"`);
    }
    // The contact form too (a lazy part of the page, rendered at build time all the same).
    expect(html).toContain('Send Message');
    // Nothing a Content-Security-Policy without 'unsafe-inline' scripts would refuse.
    expect(html).not.toMatch(/<script(?![^>]*(type="module"[^>]*src=|type="application\/json"))/);
  });

  test('/login holds the login form and its links', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('<title>Login · FieldBid</title>');
    expect(html).toMatch(/<h1[^>]*>Login<\/h1>/);
    expect(html).toContain('Sign in to your FieldBid account.');
    expect(html).toMatch(/<label[^>]*>Email/);
    expect(html).toMatch(/<a [^>]*href="\/reset-password"[^>]*>Forgot your password\?<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/signup"[^>]*>Sign up<\/a>/);
  });

  test('a signed-in area answers with the shell that paints its frame', async ({ request }) => {
    const html = await (await request.get('/vendor/jobs')).text();
    expect(html).toContain('aria-label="Checking your session"');
    expect(html).toContain('id="route-chunks"');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page and the login page still show their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'See inside every wall. Hire the right vendor. Keep the proof.',
    );
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toHaveAttribute('href', '/signup');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await expect(page.getByText('Sign in to your FieldBid account.')).toBeVisible();
  });
});

test.describe('hydration', () => {
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/reset-password',
    '/property-manager-application',
    '/vendor-application',
    '/privacy-policy',
    '/terms-of-service',
  ]) {
    test(`${path} hydrates without an error or a mismatch`, async ({ page }) => {
      const problems = collectProblems(page);
      await recordPreloadBatches(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
      // React reports a mismatch when it commits the hydrated tree; give it that turn.
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The page is the same React tree as before: the root still holds the prerendered page.
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
      // Its scripts were preloaded a few a task, none all at once by Vite's helper.
      expect(await largestPreloadBatch(page)).toBeLessThanOrEqual(10);
    });
  }

  test('the login form works once hydrated, and it was not usable before', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/login');
    // Playwright waits for the form to leave `inert` (the scripts' arrival) before it types.
    await page.getByLabel('Email').fill('vendor@demo.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor sees Dashboard and Logout on the landing page, decided after hydration', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await openSignedIn(page, 'vendor@demo.local', '/vendor/jobs');
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
