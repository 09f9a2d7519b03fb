import { expect, test } from '@playwright/test';
import { apiSignIn, postJson } from './support/api-session.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';
import { RequestDetailPage } from './support/request-pages.ts';

const DEMO_VENDOR = 'Peak Mechanical Services';

/**
 * The manager's request detail lists whom the request invites and whether each has bid, and invites
 * more from there: the picker offers the trade's approved vendors not invited yet, the chosen one
 * joins the list and gets the invitation notice.
 */
test('a manager invites a vendor from the request detail', async ({ browser, page }) => {
  test.setTimeout(120_000);
  let requestId = 0;
  const description = `Running toilet in the lobby restroom (e2e invite ${Date.now()})`;

  await test.step('the manager raises a Plumbing request inviting no one', async () => {
    await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
    const projects = (await (await page.request.get('/api/user/projects/')).json()) as { id: number }[];
    const created = await postJson(page.request, '/api/requests/', {
      type: 'Plumbing',
      description,
      project_id: projects[0]!.id,
    });
    requestId = ((await created.json()) as { id: number }).id;
  });

  const card = page.getByRole('region', { name: 'Invited vendors' });
  await test.step('the detail says no vendor is invited yet', async () => {
    await new RequestDetailPage(page).goto('property-manager', requestId);
    await expect(card.getByText('No vendors invited yet')).toBeVisible();
  });

  const dialog = page.getByRole('dialog', { name: 'Invite vendors' });
  await test.step('Invite vendors opens a picker of the Plumbing vendors, by keyboard', async () => {
    // The server rendered the page; it takes focus once the app has hydrated it (no longer inert):
    // focus(), unlike click(), does not wait for that.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const inviteButton = card.getByRole('button', { name: 'Invite vendors' });
    await inviteButton.focus();
    await expect(inviteButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const vendors = dialog.getByRole('group', { name: 'Vendors' });
    await expect(vendors.getByRole('checkbox', { name: DEMO_VENDOR })).toBeVisible();
    // Only vendors of the request's trade: the demo's electrician is not offered.
    await expect(dialog.getByRole('checkbox', { name: 'Alpine Electric Co.' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Invite', exact: true })).toBeDisabled();
    await vendors.getByRole('checkbox', { name: DEMO_VENDOR }).check();
    await dialog.getByRole('button', { name: 'Invite 1 vendor' }).click();
  });

  await test.step('the vendor joins the list, with no bid yet, and is left out of the picker', async () => {
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${DEMO_VENDOR} was invited to request #${requestId}.`)).toBeVisible();
    const row = card.getByRole('listitem').filter({ hasText: DEMO_VENDOR });
    await expect(row).toContainText('No bid yet');
    await expect(card.getByText('No vendors invited yet')).toHaveCount(0);
    await card.getByRole('button', { name: 'Invite vendors' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Approved vendors who work in Plumbing, not yet invited')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: DEMO_VENDOR })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the vendor has the invitation notice and sees no list of who was invited', async () => {
    const vendorContext = await browser.newContext();
    const vendor = vendorContext.request;
    await apiSignIn(vendor, 'vendor@demo.local', DEMO_PASSWORD);
    const notices = (await (await vendor.get('/api/notifications/')).json()) as Array<{
      message: string;
      related_request: number | null;
    }>;
    expect(notices.filter((notice) => notice.related_request === requestId)).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining(`You have been invited to bid on request #${requestId}`),
      }),
    );
    const detail = (await (await vendor.get(`/api/requests/${requestId}/`)).json()) as {
      invited_vendors: unknown;
    };
    expect(detail.invited_vendors).toBeNull();
    await vendorContext.close();
  });
});
