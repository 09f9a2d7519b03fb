import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { createManagerAccount } from './support/manager-account.ts';

// The staff mail view masks single-use links; a superuser (the demo admin) may show them whole.

test('a confirm-email link shows masked, and whole once a superuser asks', async ({ page, browser }) => {
  const email = `masked-${Date.now()}@example.test`;
  const applicant = await browser.newContext();
  try {
    await createManagerAccount(applicant.request, email, 'applicant12345');
  } finally {
    await applicant.close();
  }
  await openSignedIn(page, 'admin@demo.local', '/admin/mail');
  const link = await linkFromMail(page.request, email, /\/confirm-email\?key=[^\s"<>]+/);
  const key = link.slice(link.indexOf('key=') + 4);

  const row = page.getByRole('row').filter({ hasText: email });
  const dialog = page.getByRole('dialog', { name: 'Confirm your FieldBid email address' });
  await expect(page.getByText(/show ••• in place of their secret/)).toBeVisible();
  await row.getByRole('button', { name: 'Confirm your FieldBid email address' }).click();
  await expect(dialog).toContainText('/confirm-email?key=•••');
  await expect(dialog).not.toContainText(key);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('switch', { name: 'Show single-use links whole (superusers only)' }).check();
  await expect(page.getByText('Single-use links are shown whole')).toBeVisible();
  await row.getByRole('button', { name: 'Confirm your FieldBid email address' }).click();
  await expect(dialog).toContainText(`/confirm-email?key=${key}`);
});
