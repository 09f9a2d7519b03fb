import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// The demo vendor's insurance certificate is one record: its Settings and the managers' Vendors
// screen say the same thing, and the certificate they speak of is a file the vendor can open.

const VALID_UNTIL = /^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

test("the demo vendor's Settings and the managers' Vendors screen agree on its certificate", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  let vendorSays = '';
  await test.step('the vendor sees its certificate valid until a date, and can open it', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, 'vendor@demo.local', '/vendor/settings/profile');
    await page.getByRole('tab', { name: 'Insurance' }).click();
    await expect(page).toHaveURL(/#insurance$/);
    const state = page.getByTestId('insurance-state');
    await expect(state.getByText(VALID_UNTIL)).toBeVisible();
    await expect(page.getByText('No certificate uploaded yet')).toHaveCount(0);
    vendorSays = (await state.getByText(VALID_UNTIL).textContent()) ?? '';
    const link = state.getByRole('link', { name: 'View certificate' });
    // The page's own session cookie (the sign-in's) reads it, as the link opened in a tab would.
    const file = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
  });

  await test.step('a manager reads the same words for that vendor', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const managerPage = await context.newPage();
      await openSignedIn(managerPage, 'manager@demo.local', '/property-manager/vendors');
      const row = managerPage.getByRole('row').filter({ hasText: 'Peak Mechanical Services' });
      await expect(row.getByText(VALID_UNTIL)).toHaveText(vendorSays);
    } finally {
      await context.close();
    }
  });
});
