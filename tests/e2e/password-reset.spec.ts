import { expect, test } from '@playwright/test';
import { apiSignIn } from './support/api-session.ts';
import { DEMO_PASSWORD, LoginPage } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { createManagerAccount } from './support/manager-account.ts';

// Confirm email and reset password (public spec, sections 2, 7 and 8), on a fresh account so the
// demo accounts other specs use in parallel keep their passwords.

test('a new account confirms its email, resets its password and signs in with the new one', async ({
  page,
  browser,
}) => {
  // Many screens plus a 3 s redirect on a 2-core machine shared with other runs: room above 30 s.
  test.setTimeout(120_000);
  const email = `reset.${Date.now()}@example.com`;
  const firstPassword = 'first-pass-123';
  const newPassword = 'second-pass-456';

  // The applicant's own API session, and staff in a context of their own to read the outbox.
  const applicant = await browser.newContext();
  const staff = await browser.newContext();
  try {
    await createManagerAccount(applicant.request, email, firstPassword);
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);

    // Confirm email: the button, the toast, then /login after 3 s.
    const confirmLink = await linkFromMail(staff.request, email, /\/confirm-email\?key=[^\s"<>]+/);
    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(
      page.getByText('Your email has been confirmed successfully.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    // Request a reset as a visitor.
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('If an account exists with this email, you will receive password reset instructions.'),
    ).toBeVisible();

    const resetLink = await linkFromMail(staff.request, email, /\/reset-password-confirm\/[^\s"<>]+/);
    await page.goto(resetLink);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // The toast and the page both say it.
    await expect(page.getByText('Your password has been reset successfully.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, firstPassword);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await login.signIn(email, newPassword);
    await expect(page).toHaveURL(/\/property-manager\/dashboard$/);
  } finally {
    await applicant.close();
    await staff.close();
  }
});
