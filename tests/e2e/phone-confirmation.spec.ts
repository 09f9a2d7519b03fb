import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { apiSignIn, postJson } from './support/api-session.ts';
import { codeTextedTo, textCount } from './support/dev-texts.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { createManagerAccount } from './support/manager-account.ts';

const PASSWORD = 'phone-pass-123';

// Confirming the mobile number texts go to (Settings → Notifications), on a fresh account so the
// demo accounts other specs use in parallel keep their numbers.

test('a new number takes texts only once confirmed with the code texted to it', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `phone.${Date.now()}@example.com`;
  // A number of this run's own: the sending limits count per number.
  const digits = `720555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const shown = `(720) 555-${digits.slice(6)}`;
  const context = await browser.newContext();
  const staff = await browser.newContext();
  try {
    // The demo password is published, so a new account may not have it.
    await createManagerAccount(context.request, email, PASSWORD);
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
    const confirmLink = await linkFromMail(staff.request, email, /\/confirm-email\?key=[^\s"<>]+/);
    const key = new URL(confirmLink, 'http://localhost').searchParams.get('key');
    await postJson(context.request, '/api/users/confirm-email/', { key });

    const page = await context.newPage();
    await openSignedIn(page, email, '/property-manager/settings/profile', PASSWORD);
    await page.getByRole('textbox', { name: 'Phone Number' }).fill(digits);
    await page.getByRole('button', { name: 'Save Changes' }).filter({ visible: true }).click();
    const hint = page.getByRole('status').filter({ hasText: 'Confirm your new number under' });
    await expect(hint).toHaveText('Confirm your new number under Notifications to receive texts.');
    await hint.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/#notifications$/);

    const card = page.getByRole('region', { name: 'Mobile number for texts' });
    await expect(card.getByText('Not confirmed')).toBeVisible();
    await expect(
      card.getByText(`Confirm your number to receive texts. We will text a 6-digit code to ${shown}.`),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'SMS: Messages' })).toBeDisabled();

    const before = await textCount(`+1${digits}`, E2E_PORT);
    await card.getByRole('button', { name: 'Text me a code' }).click();
    await expect(card.getByText(`We sent a code to ${shown}. It works for 10 minutes.`)).toBeVisible();
    const code = await codeTextedTo(`+1${digits}`, before, E2E_PORT);

    // Again at once: the limit answers in words.
    await card.getByRole('button', { name: 'Send again' }).click();
    await expect(card.getByRole('alert')).toContainText(
      /A code was just sent\. You can ask for another in \d+ seconds?\./,
    );

    const field = card.getByRole('textbox', { name: 'Code from the text' });
    await field.fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Confirm number' }).click();
    await expect(card.getByText('That code is not right. 4 tries left.')).toBeVisible();

    await field.fill(code);
    await field.press('Enter');
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(card.getByText(`Texts go to ${shown}.`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'SMS: Messages' })).toBeEnabled();
    // Enter confirmed the code; it did not save the settings form.
    await expect(
      page.getByText('Your changes have been saved successfully.').filter({ visible: true }),
    ).toBeHidden();

    await card.getByRole('button', { name: 'Change number' }).click();
    await expect(page).toHaveURL(/#profile$/);
    await expect(page.getByRole('textbox', { name: 'Phone Number' })).toBeFocused();
  } finally {
    await context.close();
    await staff.close();
  }
});
