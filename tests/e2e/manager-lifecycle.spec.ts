import { expect, test } from '@playwright/test';
import { csrfHeaders } from './support/api-session.ts';
import { openSignedIn } from './support/login-page.ts';
import { chooseOption, ONE_PIXEL_PNG, RequestDetailPage } from './support/request-pages.ts';

const PROPERTY = 'Cherry Creek Lofts';
const DEMO_VENDOR = 'Peak Mechanical Services';

/**
 * The request lifecycle across both roles (DESIGN.md, "Beyond the spec"): the manager raises a
 * request inviting the demo vendor, the vendor bids, the manager awards it, the vendor finishes the
 * job with a photo, the manager confirms, and the job lands in the property's maintenance history.
 */
test('a request goes from creation to the property history', async ({ browser }) => {
  test.setTimeout(120_000);
  const description = `Replace the corroded shut-off valve under the kitchen sink (e2e ${Date.now()})`;
  const managerContext = await browser.newContext();
  const vendorContext = await browser.newContext();
  const manager = await managerContext.newPage();
  const vendor = await vendorContext.newPage();

  await test.step('both sign in', async () => {
    await openSignedIn(manager, 'manager@demo.local', '/property-manager/dashboard');
    await openSignedIn(vendor, 'vendor@demo.local', '/vendor/dashboard');
  });

  let requestId = 0;
  await test.step('the manager creates a request on the full page, inviting the demo vendor', async () => {
    await manager.goto('/property-manager/maintenance/create');
    await expect(manager.getByRole('heading', { name: 'Create Maintenance Request' })).toBeVisible();
    await chooseOption(manager, 'Property', PROPERTY);
    await chooseOption(manager, 'Request Type', 'Plumbing');
    await manager.getByLabel('Description').fill(description);
    // The unit list comes from the property's units.
    await chooseOption(manager, 'Unit', '104');
    await chooseOption(manager, 'Priority', 'High');
    await chooseOption(manager, 'Invite vendors', DEMO_VENDOR);
    await manager.keyboard.press('Escape');
    await manager.getByRole('button', { name: 'Submit Request' }).click();

    await expect(manager.getByText('Request Submitted Successfully!')).toBeVisible();
    const confirmation = (await manager.getByTestId('confirmation-number').textContent()) ?? '';
    expect(confirmation).toMatch(/^#\d+$/);
    requestId = Number(confirmation.slice(1));
    await expect(manager.getByRole('cell', { name: DEMO_VENDOR })).toBeVisible();
    await expect(manager.getByRole('cell', { name: '104' })).toBeVisible();
  });

  // Noon UTC: the same calendar day wherever the browser is.
  const startDate = new Date(Date.now() + 10 * 24 * 3_600_000);
  startDate.setUTCHours(12, 0, 0, 0);
  const startText = startDate.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const notes = 'Quarter-turn brass valve, parts included. One-year warranty; wall repair excluded.';
  await test.step('the vendor bids on it', async () => {
    // The bid dialog has its own browser tests; here the bid is the vendor's real call.
    const response = await vendor.request.post(`/api/requests/${requestId}/bid/`, {
      data: {
        amount: 640,
        estimated_time: 3,
        estimated_time_unit: 'hours',
        proposed_start_date: startDate.toISOString(),
        notes,
      },
      headers: await csrfHeaders(vendor.request),
    });
    expect(response.status(), await response.text()).toBe(201);
  });

  const detail = new RequestDetailPage(manager);
  await test.step('before awarding, the manager sees what was entered and the terms of the bid', async () => {
    await detail.goto('property-manager', requestId);
    await expect(manager.getByTestId('request-fact-priority')).toHaveText('PriorityHigh');
    await expect(manager.getByTestId('request-fact-timeline')).toHaveCount(0);
    await expect(manager.getByTestId('request-fact-unit')).toHaveText('Unit104');
    await expect(manager.getByTestId('request-fact-areas-affected')).toContainText('Unit 104');
    // On the bid in the Bidding card and in the award table.
    const terms = manager.getByRole('region', { name: `Terms of ${DEMO_VENDOR}'s bid` });
    await expect(terms).toHaveCount(2);
    for (const one of await terms.all()) {
      await expect(one).toContainText(`Start: ${startText}`);
      await expect(one).toContainText(notes);
    }
  });

  await test.step('the manager awards the bid', async () => {
    await manager.getByRole('button', { name: `Award to ${DEMO_VENDOR}` }).click();
    await manager
      .getByRole('dialog', { name: 'Award this bid?' })
      .getByRole('button', { name: 'Award' })
      .click();
    await expect(manager.getByText('In Progress', { exact: true }).first()).toBeVisible();
    await expect(manager.getByText(`Awarded to ${DEMO_VENDOR}`, { exact: false })).toBeVisible();
    await expect(detail.timeline()).toHaveText(['Request created', 'Bid awarded']);
  });

  await test.step('the vendor sees it under Current Jobs', async () => {
    // Answers persisted on the device are reused for 30 s after a reload (staleTime), so the vendor
    // may need to reload once more to see the award, as a user would.
    await expect(async () => {
      await vendor.goto('/vendor/dashboard');
      await vendor.getByRole('tab', { name: 'Current Jobs' }).click();
      await expect(vendor.getByRole('link', { name: `#${requestId} · Plumbing` })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 45_000, intervals: [3_000] });
  });

  await test.step('the vendor marks it complete with a photo', async () => {
    await new RequestDetailPage(vendor).goto('vendor', requestId);
    await vendor.getByLabel('Completion note').fill('Valve replaced, no leaks after a 30-minute check.');
    await vendor
      .locator('input[type="file"]')
      .setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(vendor.getByText('1 file(s) selected')).toBeVisible();
    await vendor.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(vendor.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
    // The state and what happens next stand at the top of the page, not under the report.
    await expect(vendor.getByTestId('request-state')).toHaveText('Awaiting confirmation');
    await vendor.setViewportSize({ width: 375, height: 812 });
    await vendor.reload();
    await expect(vendor.getByTestId('request-state')).toHaveText('Awaiting confirmation');
    await expect(vendor.getByTestId('request-state')).toBeInViewport();
    const next = vendor.getByTestId('awaiting-confirmation');
    await expect(next).toContainText('The property manager checks the work and confirms it');
    await expect(next).toBeInViewport();
  });

  await test.step('the manager confirms the completion', async () => {
    await expect(async () => {
      await detail.goto('property-manager', requestId);
      await expect(manager.getByTestId('request-state')).toHaveText('Awaiting confirmation', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 45_000, intervals: [3_000] });
    await expect(manager.getByTestId('completion-note')).toHaveText(
      'Valve replaced, no leaks after a 30-minute check.',
    );
    const photo = manager.getByRole('img', { name: 'Completion photo 1' });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await manager.getByRole('button', { name: 'Confirm completion' }).click();
    await manager
      .getByRole('dialog', { name: 'Confirm completion?' })
      .getByRole('button', { name: 'Confirm completion' })
      .click();
    await expect(manager.getByText('Completed', { exact: true }).first()).toBeVisible();
    await expect(manager.getByTestId('request-state')).toHaveText('Completed');
    await expect(manager.getByTestId('awaiting-confirmation')).toHaveCount(0);
    await expect(detail.timeline()).toHaveText([
      'Request created',
      'Bid awarded',
      'Marked complete by the vendor',
      'Completion confirmed',
    ]);
  });

  await test.step("the job appears in the property's history", async () => {
    await manager.goto('/property-manager/dashboard');
    await manager.getByRole('link', { name: `History of ${PROPERTY}` }).click();
    await expect(manager.getByRole('heading', { name: `Maintenance History: ${PROPERTY}` })).toBeVisible();
    const job = manager.getByRole('article', { name: `#${requestId} Plumbing` });
    await expect(job).toBeVisible();
    await expect(job.getByText(description)).toBeVisible();
    await expect(job.getByText(DEMO_VENDOR)).toBeVisible();
    await expect(job.getByText('$640')).toBeVisible();
    const photo = job.getByRole('img');
    await expect(photo).toHaveCount(1);
    // The photo really loads (a broken link would still show its alt text).
    await expect
      .poll(() => photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expect(manager.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /\/api\/projects\/\d+\/history\.csv$/,
    );
  });

  await managerContext.close();
  await vendorContext.close();
});

test('the dashboard dialog raises a real request and the dashboard shows it', async ({ page }) => {
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  // The dashboard stays (the prototype redirected to the as-builds page) and counts from data.
  await expect(page.getByRole('heading', { name: 'Properties Overview' })).toBeVisible();
  await expect(page).toHaveURL(/\/property-manager\/dashboard$/);

  await page.getByRole('button', { name: 'Create Maintenance Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Maintenance Request' });
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);
  await expect(dialog.getByText('No files selected')).toBeVisible();

  await chooseOption(page, 'Request Type', 'Electrical');
  await dialog.getByLabel('Description').fill('Hallway light flickers on the second floor');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Request Submitted Successfully!')).toBeVisible();
  const confirmation = (await dialog.getByTestId('confirmation-number').textContent()) ?? '';
  expect(confirmation).toMatch(/^#\d+$/);
  await expect(dialog.getByRole('cell', { name: 'medium' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  // The dashboard refetched: the new request heads Recent Requests.
  await expect(page.getByRole('link', { name: confirmation, exact: true })).toBeVisible();
  // Close reset the form.
  await page.getByRole('button', { name: 'Create Maintenance Request' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('');
});

test('Property Documentation and the as-builds URL follow the selected property', async ({ page }) => {
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Property Manager Portal' });
  const projects = (await (await page.request.get('/api/user/projects/')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const [first, second] = projects;
  if (!first || !second) throw new Error('the demo manager needs two properties');

  for (const label of [
    'Dashboard',
    'Maintenance Requests',
    'Vendors',
    'Property Team',
    'Messages',
    'Notifications',
    'Settings',
  ]) {
    await expect(sidebar.getByRole('link', { name: label })).toBeEnabled();
  }
  await expect(sidebar.getByRole('link', { name: 'Property Documentation' })).toHaveAttribute(
    'href',
    `/property-manager/${first.id}/asbuilds`,
  );
  await sidebar.getByRole('link', { name: 'Property Documentation' }).click();
  await expect(page).toHaveURL(new RegExp(`/property-manager/${first.id}/asbuilds$`));
  // On the page: the router renders it a moment after the address changes, and a property chosen
  // before then would be the dashboard's.
  await expect(page.getByRole('heading', { name: 'Property Documentation' })).toBeVisible();

  await page.getByRole('button', { name: /^Property:/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(second.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/property-manager/${second.id}/asbuilds$`));
  await expect(sidebar.getByRole('link', { name: 'Property Documentation' })).toHaveAttribute(
    'href',
    `/property-manager/${second.id}/asbuilds`,
  );
});
