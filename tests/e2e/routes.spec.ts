import { expect, type Page, test } from '@playwright/test';
import { postJson } from './support/api-session.ts';
import { LoginPage, openSignedIn } from './support/login-page.ts';

// In the page (these tests' own lib has no DOM).
declare const localStorage: { getItem(key: string): string | null };

test.describe('moving between screens', () => {
  test('a screen whose code fails to load shows the error screen, and the next move leaves it', async ({
    page,
  }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // A deploy while the tab was open: the screen's chunk is gone from the server.
    await page.route(/\/assets\/my-bids-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404 }));
    const nav = page.getByRole('navigation', { name: 'Vendor Portal' });
    await nav.getByRole('link', { name: 'My Bids' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });

  test('a session ended elsewhere sends the open page to login, and back to it after signing in', async ({
    page,
  }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/bids');
    await expect(page.getByRole('heading', { name: 'My Bids', level: 1 })).toBeVisible();
    // Logged out in another tab: the session (the page's cookie and token) ends on the server, its live
    // updates with it, and the page's next call meets a 401. The bell often asks again first (its
    // updates ended); otherwise the list's call does, asked for with a filter. Either way the page goes
    // to login, so the filter may find it gone.
    await postJson(page.request, '/api/users/logout/', {});
    await page
      .getByRole('combobox', { name: 'Status' })
      .click({ timeout: 5_000 })
      .then(() => page.getByRole('option', { name: 'Pending' }).click({ timeout: 5_000 }))
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).signIn('vendor@demo.local');
    await expect(page).toHaveURL(/\/vendor\/bids(\?status=pending)?$/);
  });
});

/** Holds the requests for a chunk until released; `requested` settles when the first one is made. */
async function holdChunk(
  page: Page,
  chunk: RegExp,
): Promise<{ requested: Promise<void>; release: () => void }> {
  let seen = () => {};
  let release = () => {};
  const requested = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(chunk, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { requested, release };
}

test.describe('a move to a screen whose code is still loading', () => {
  test('the address and the page shown stay those of the screen left until the next one has loaded', async ({
    page,
  }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const chunk = await holdChunk(page, /\/assets\/my-bids-page-[^/]*\.js$/);
    await page
      .getByRole('navigation', { name: 'Vendor Portal' })
      .getByRole('link', { name: 'My Bids' })
      .click();
    await chunk.requested;
    // Anything chosen now (a property in the top bar, say) applies to the page the address names.
    expect(new URL(page.url()).pathname).toBe('/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    chunk.release();
    await expect(page.getByRole('heading', { name: 'My Bids', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/bids$/);
  });

  test('logout lands on the landing page even while its code loads slowly', async ({ page }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const chunk = await holdChunk(page, /\/assets\/landing-page-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await chunk.requested;
    // The token must stay until the landing page is shown: without it the guard of the page still
    // shown sends the visitor to /login. Given the time to go wrong (it would within milliseconds of
    // the logout's answer), it is then let through.
    await page
      .waitForFunction(() => localStorage.getItem('token') === null, null, { timeout: 1_500 })
      .catch(() => undefined);
    chunk.release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
