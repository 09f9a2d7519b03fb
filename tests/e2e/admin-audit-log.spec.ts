import { expect, request as playwrightRequest, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';
import { createManagerAccount } from './support/manager-account.ts';

// The staff console's Audit log: the demo admin is a superuser, approves an application
// and finds the entry, filtered by action, with the filter kept in the URL.

test('a superuser approves an application and finds it in the audit log', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = `audit.e2e.${Date.now()}@example.com`;
  const applicant = await playwrightRequest.newContext({ baseURL });
  await createManagerAccount(applicant, email, 'applicant12345');
  await applicant.dispose();

  await test.step('approve the application', async () => {
    await openSignedIn(page, 'admin@demo.local', '/admin/applications');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Reset Holdings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reset Holdings' });
    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Application approved; the applicant was mailed.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('open the audit log and filter by the action', async () => {
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // The seeded reviews are there from the start (other specs may log other actions on the same
    // client meanwhile, e.g. a property added: look for the approval itself).
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: 'Summit Property Group' })
        .filter({ hasText: 'Application approved' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter the audit log' });
    await dialog.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Application approved' }).click();
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/audit-log\?action=application\.approve$/);
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Application approved');
  });

  await test.step('the entry names the superuser and the application, and survives a reload', async () => {
    // Newest first: this test's approval heads the list (other specs' applicants share the name).
    const entry = page.getByRole('row').filter({ hasText: 'Reset Holdings' }).first();
    await expect(entry).toContainText('Application approved');
    await expect(entry).toContainText('Manager application');
    await expect(entry).toContainText('admin@demo.local');
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Reset Holdings' }).first()).toContainText(
      'Application approved',
    );
    // Only approvals are listed: no handled inbox items.
    await expect(page.getByRole('row').filter({ hasText: 'Contact message' })).toHaveCount(0);
  });
});
