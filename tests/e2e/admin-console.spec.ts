import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { csrfHeaders } from './support/api-session.ts';
import { openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { createManagerAccount } from './support/manager-account.ts';

// The staff console's review and property screens (DESIGN.md, "Beyond the spec").

const DEMO_CLIENT = 'Summit Property Group';
const SITE_PHOTO = fileURLToPath(new URL('./fixtures/site-photo.png', import.meta.url));

test('staff add a property with units that the demo manager then sees', async ({ browser }) => {
  test.setTimeout(90_000);
  const property = `E2E Tower ${Date.now()}`;
  const staffContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const manager = await managerContext.newPage();

  await test.step('staff open the demo client', async () => {
    await openSignedIn(staff, 'admin@demo.local', '/admin/applications');
    await staff
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Clients & properties' })
      .click();
    await expect(staff.getByRole('heading', { name: 'Clients & properties' })).toBeVisible();
    await staff.getByRole('button', { name: DEMO_CLIENT }).first().click();
    await expect(staff.getByRole('dialog', { name: DEMO_CLIENT })).toBeVisible();
  });

  await test.step('staff create the property, check a message, then add units by range', async () => {
    const drawer = staff.getByRole('dialog', { name: DEMO_CLIENT });
    await drawer.getByRole('button', { name: 'Create property' }).click();
    const dialog = staff.getByRole('dialog', { name: 'New property' });
    await dialog.getByRole('button', { name: 'Create property' }).click();
    await expect(dialog.getByText('Enter the property name.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(property);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('500 E2E Blvd, Denver, CO');
    await dialog.getByRole('button', { name: 'Create property' }).click();
    await expect(dialog).toBeHidden();
    const card = drawer.getByRole('region', { name: property });
    await expect(card.getByText('0 units')).toBeVisible();
    await expect(card.getByText('No thumbnail provided')).toBeVisible();
    const chooser = staff.waitForEvent('filechooser');
    await card.getByRole('button', { name: `Upload thumbnail for ${property}` }).click();
    await (await chooser).setFiles(SITE_PHOTO);
    await expect(card.getByRole('img', { name: `${property} thumbnail` })).toBeVisible();
    await card.getByRole('button', { name: `Units of ${property}` }).click();
    await card.getByRole('textbox', { name: 'Add units' }).fill('101-103, 2B');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    const units = card.getByRole('list', { name: `Units of ${property}` });
    await expect(units.getByRole('listitem')).toHaveText(['2B', '101', '102', '103']);
    await expect(card.getByText('4 units')).toBeVisible();
    await card.getByRole('button', { name: `Remove unit 2B of ${property}` }).click();
    await expect(units.getByRole('listitem')).toHaveText(['101', '102', '103']);
  });

  await test.step("the manager finds it in the top bar's property dropdown", async () => {
    await openSignedIn(manager, 'manager@demo.local', '/property-manager/dashboard');
    await manager.getByRole('button', { name: /^Property:/ }).click();
    await expect(manager.getByRole('menuitem', { name: new RegExp(property) })).toBeVisible();
  });

  await staffContext.close();
  await managerContext.close();
});

test('staff reject a property manager application with a reason; the applicant is mailed and closed out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `rejected.e2e.${Date.now()}@example.com`;
  const applicant = await playwrightRequest.newContext({ baseURL });
  await createManagerAccount(applicant, email, 'applicant12345');
  await applicant.dispose();

  await openSignedIn(page, 'admin@demo.local', '/admin/applications');
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Property managers', selected: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Submitted', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Reset Holdings' }).click();

  const drawer = page.getByRole('dialog', { name: 'Reset Holdings' });
  await expect(drawer.getByText(email)).toBeVisible();
  await expect(drawer.getByText('Reset Court')).toBeVisible();
  await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
  await drawer.getByRole('button', { name: 'Reject application' }).click();
  await expect(drawer.getByText('Give the reason for the rejection; the applicant reads it.')).toBeVisible();
  await drawer
    .getByRole('textbox', { name: 'Reason for rejection' })
    .fill('We could not verify the company.');
  await drawer.getByRole('button', { name: 'Reject application' }).click();
  await expect(page.getByText('Application rejected; the applicant was mailed.')).toBeVisible();
  await expect(drawer.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Deactivated')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();

  // The mail carries the reason, and the account can no longer sign in.
  expect(
    await linkFromMail(page.request, email, /The reason: We could not verify the company\./),
  ).toBeTruthy();
  const afterwards = await playwrightRequest.newContext({ baseURL });
  const login = await afterwards.post('/api/users/login/', {
    data: { email, password: 'applicant12345' },
    headers: await csrfHeaders(afterwards),
  });
  expect(login.status()).toBe(400);
  await afterwards.dispose();
});
