import { expect, test } from '@playwright/test';
import { csrfHeaders, postJson } from './support/api-session.ts';
import { LoginPage, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { createManagerAccount } from './support/manager-account.ts';

// The staff console's Users section (DESIGN.md, "Beyond the spec": staff manage users), on an
// account made for this test, so the demo accounts other specs use stay signed in.

declare const localStorage: { setItem(key: string, value: string): void };

test('staff find a manager, deactivate them (signed out, no sign-in), then reactivate', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `users.${Date.now()}@example.com`;
  const password = 'users-pass-123';
  const name = 'Rita Reset';
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();

  try {
    await test.step('a new manager confirms their address and signs in', async () => {
      await createManagerAccount(userContext.request, email, password);
      await openSignedIn(page, 'admin@demo.local', '/admin/users');
      const link = await linkFromMail(page.request, email, /\/confirm-email\?key=([^\s"<>]+)/);
      const key = decodeURIComponent(link.slice(link.indexOf('key=') + 4));
      await postJson(userContext.request, '/api/users/confirm-email/', { key });
      // Signed in as the login screen leaves it: the session cookie and the stored token.
      const answer = await postJson(userContext.request, '/api/users/login/', { email, password });
      const { token } = (await answer.json()) as { token: string };
      await userPage.goto('/api/health/');
      await userPage.evaluate((value) => localStorage.setItem('token', value), token);
      await userPage.goto('/property-manager/dashboard');
      await expect(userPage.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    });

    const drawer = page.getByRole('dialog', { name });

    await test.step('staff search for them and open the drawer', async () => {
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill(email);
      await expect(page.getByText('1 user', { exact: true })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('Property manager');
      await expect(row).toContainText('Reset Holdings');
      await expect(row).toContainText('Active');
      await row.getByRole('button', { name }).click();
      await expect(drawer.getByText('Confirmed', { exact: false })).toBeVisible();
      await expect(drawer.getByText('1 session', { exact: true })).toBeVisible();
    });

    await test.step('staff deactivate them after confirming', async () => {
      await drawer.getByRole('button', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
      await expect(confirm).toContainText('signed out on every device');
      await expect(confirm).toContainText('cannot sign in until the account is reactivated');
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText(`${name} was deactivated and signed out everywhere.`)).toBeVisible();
      await expect(drawer.getByText('Deactivated', { exact: true })).toBeVisible();
      await expect(drawer.getByText('Not signed in', { exact: true })).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Send password reset link' })).toBeDisabled();
    });

    await test.step("the user's own browser is sent to the login page and cannot sign in", async () => {
      await userPage.reload();
      await expect(userPage.getByRole('heading', { name: 'Login' })).toBeVisible();
      await expect(userPage).toHaveURL(/\/login/);
      const login = new LoginPage(userPage);
      await login.signIn(email, password);
      await expect(
        userPage.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
      ).toBeVisible();
      await expect(userPage).toHaveURL(/\/login/);
    });

    await test.step('staff reactivate them and they sign in again', async () => {
      await drawer.getByRole('button', { name: 'Reactivate' }).click();
      await expect(page.getByText(`${name} was reactivated and can sign in again.`)).toBeVisible();
      await expect(drawer.getByText('Active', { exact: true })).toBeVisible();
      await new LoginPage(userPage).signIn(email, password);
      await expect(userPage.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    });
  } finally {
    await userContext.close();
  }
});

test('only a superuser acts on staff accounts: other staff see why instead of the buttons', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The seeded staff member who is not a superuser, and has no password until a reset link sets one.
  const staffEmail = 'jamie.park@fieldbid.example';
  const staffPassword = 'staff-pass-123';
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();

  try {
    await test.step('the superuser mails the staff member a reset link from the drawer', async () => {
      await openSignedIn(page, 'admin@demo.local', '/admin/users');
      await page.getByRole('searchbox', { name: 'Search' }).fill(staffEmail);
      const row = page.getByRole('row').filter({ hasText: staffEmail });
      await expect(row).toContainText('Staff');
      await row.getByRole('button', { name: 'Jamie Park' }).click();
      const drawer = page.getByRole('dialog', { name: 'Jamie Park' });
      await expect(drawer.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
      await drawer.getByRole('button', { name: 'Send password reset link' }).click();
      await expect(
        page.getByText(`A password reset link was sent to ${staffEmail}.`, { exact: false }),
      ).toBeVisible();
    });

    await test.step('the staff member sets a password and opens the console', async () => {
      const link = await linkFromMail(page.request, staffEmail, /\/reset-password-confirm\/[^\s"<>/]+/);
      const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
      await postJson(staffContext.request, '/api/users/reset-password-confirm/', {
        token,
        password: staffPassword,
      });
      const answer = await postJson(staffContext.request, '/api/users/login/', {
        email: staffEmail,
        password: staffPassword,
      });
      const { token: session } = (await answer.json()) as { token: string };
      await staffPage.goto('/api/health/');
      await staffPage.evaluate((value) => localStorage.setItem('token', value), session);
      await staffPage.goto('/admin/users');
      await expect(staffPage.getByRole('heading', { name: 'Users' })).toBeVisible();
    });

    const superuserDrawer = staffPage.getByRole('dialog', { name: 'Avery Collins' });
    await test.step("a superuser's account shows no actions, and says who may act on it", async () => {
      await staffPage.getByRole('searchbox', { name: 'Search' }).fill('admin@demo.local');
      const row = staffPage.getByRole('row').filter({ hasText: 'admin@demo.local' });
      await row.getByRole('button', { name: 'Avery Collins' }).click();
      await expect(
        superuserDrawer.getByText(
          'Only a superuser can deactivate, reactivate or send a password reset link to a staff account.',
        ),
      ).toBeVisible();
      await expect(superuserDrawer.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
      await expect(superuserDrawer.getByRole('button', { name: 'Send password reset link' })).toHaveCount(0);
      await staffPage.keyboard.press('Escape');
      await expect(superuserDrawer).toBeHidden();
    });

    await test.step('the server refuses the staff member what the screen does not offer', async () => {
      const found = await staffContext.request.get('/api/admin/users/?search=admin%40demo.local');
      const { results } = (await found.json()) as { results: Array<{ id: number }> };
      const refused = await staffContext.request.post(`/api/admin/users/${results[0]!.id}/deactivate/`, {
        data: {},
        headers: await csrfHeaders(staffContext.request),
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({
        detail:
          'Only a superuser can deactivate, reactivate or send a password reset link to a staff account.',
      });
    });

    await test.step("a manager's account still shows the staff member every action", async () => {
      await staffPage.getByRole('searchbox', { name: 'Search' }).fill('manager@demo.local');
      const row = staffPage.getByRole('row').filter({ hasText: 'manager@demo.local' });
      await row.getByRole('button', { name: 'Morgan Reyes' }).click();
      const drawer = staffPage.getByRole('dialog', { name: 'Morgan Reyes' });
      await expect(drawer.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
      await expect(drawer.getByRole('button', { name: 'Send password reset link' })).toBeEnabled();
      await expect(drawer.getByText('Only a superuser can', { exact: false })).toHaveCount(0);
    });
  } finally {
    await staffContext.close();
  }
});
