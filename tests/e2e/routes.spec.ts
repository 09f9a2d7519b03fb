import { expect, test } from '@playwright/test';
import { postJson } from './support/api-session.ts';
import { LoginPage, openSignedIn } from './support/login-page.ts';

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

  test('a session ended elsewhere sends the next call to login, and back after signing in', async ({
    page,
  }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Logged out in another tab: the page's session (its cookie and its token) ends on the server.
    await postJson(page.request, '/api/users/logout/', {});
    await page
      .getByRole('navigation', { name: 'Vendor Portal' })
      .getByRole('link', { name: 'My Bids' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).signIn('vendor@demo.local');
    await expect(page).toHaveURL(/\/vendor\/bids$/);
  });
});
