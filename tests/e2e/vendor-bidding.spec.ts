import { expect, test } from '@playwright/test';
import { apiSignIn, postJson } from './support/api-session.ts';
import { BidDialog } from './support/bid-dialog.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';

// The furnace job is open, in the demo vendor's HVAC trade, without a bid of the demo vendor, and
// second-page material when open jobs are sorted oldest first (demo seed: 38 hours old).
const JOB_TEXT = 'Furnace short-cycles every few minutes';

test('a vendor finds an open job, bids, finds it marked in the list, edits the bid and sees it in My Bids', async ({
  page,
}) => {
  // A long journey through several screens: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Available Jobs: filter to Open, sort oldest first, go to page 2.
  await page
    .getByRole('navigation', { name: 'Vendor Portal' })
    .getByRole('link', { name: 'Available Jobs' })
    .click();
  await expect(page.getByText(/^Showing 10 of \d+ jobs$/)).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter Jobs' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open' }).click();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('Status: Open')).toBeVisible();
  await expect(page).toHaveURL(/status=open/);
  await page.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/ordering=created_at/);
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^Page 1 of [3-9]$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(/^Page 2 of [3-9]$/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  const row = page.getByRole('row').filter({ hasText: JOB_TEXT });
  await expect(row).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();

  // View it.
  await row.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/vendor\/requests\/\d+$/);
  const requestId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
  await expect(page.getByText(JOB_TEXT)).toBeVisible();
  await expect(page.getByText('Open for Bids')).toBeVisible();
  await expect(page.getByText('You have not bid on this request yet.')).toBeVisible();

  // Bid.
  await page.getByRole('button', { name: 'Bid', exact: true }).click();
  const dialog = new BidDialog(page);
  await dialog.expectTitle(requestId);
  await expect(dialog.root.getByText(JOB_TEXT)).toBeVisible();
  await dialog.fill({
    amount: '410',
    time: '3.5',
    unit: 'Hours',
    notes: '  Flame sensor and pressure switch check.  ',
  });
  await dialog.root.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(dialog.root.getByText('Success! Your bid has been submitted successfully')).toBeVisible();
  await expect(dialog.root.getByText(/^Bid #\d+$/)).toBeVisible();
  await expect(dialog.root.getByText('$410')).toBeVisible();
  await expect(dialog.root.getByText('3.5 hours')).toBeVisible();
  await expect(
    dialog.root.getByText('Flame sensor and pressure switch check.', { exact: true }),
  ).toBeVisible();
  await expect(dialog.root.getByRole('heading', { name: "What's Next" })).toBeVisible();
  await dialog.root.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Edit my bid' })).toBeVisible();

  // Back to the list: the filter, sort and page are still there, and the job is marked as bid on,
  // offering "Edit my bid" instead of an empty form that would only meet 'Bid Already Submitted'.
  await page.goBack();
  await expect(page.getByText(/^Page 2 of [3-9]$/)).toBeVisible();
  await expect(page.getByText('Status: Open')).toBeVisible();
  const markedRow = page.getByRole('row').filter({ hasText: JOB_TEXT });
  await expect(markedRow.getByText('You bid $410')).toBeVisible();
  await expect(markedRow.getByRole('button', { name: `Bid on job #${requestId}`, exact: true })).toHaveCount(
    0,
  );
  await markedRow.getByRole('button', { name: `Edit my bid on job #${requestId}` }).click();
  await dialog.expectTitle(requestId);

  // The form opens on the bid and saves with PUT.
  await expect(dialog.root.getByText('Editing your bid')).toBeVisible();
  await expect(dialog.root.getByLabel('Bid Amount')).toHaveValue('$410');
  await expect(dialog.root.getByLabel('Notes')).toHaveValue('Flame sensor and pressure switch check.');
  await dialog.root.getByLabel('Bid Amount').fill('455');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/requests/${requestId}/bid/`) && response.request().method() === 'PUT',
  );
  await dialog.root.getByRole('button', { name: 'Update Bid' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog.root.getByText('Success! Your bid has been updated successfully')).toBeVisible();
  await expect(dialog.root.getByText('$455')).toBeVisible();
  await dialog.root.getByRole('button', { name: 'Close' }).click();

  // My Bids shows the new amount.
  await page
    .getByRole('navigation', { name: 'Vendor Portal' })
    .getByRole('link', { name: 'My Bids' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();
  const bidRow = page.getByRole('row').filter({ hasText: '$455' });
  await expect(bidRow).toBeVisible();
  await expect(bidRow.getByText('HVAC')).toBeVisible();
  await expect(bidRow.getByText('3.5 hours')).toBeVisible();
  await expect(bidRow.getByText('Pending')).toBeVisible();
  await expect(page.getByText('$410')).toHaveCount(0);
});

test('the top bar searches the jobs and remembers the chosen property across a reload', async ({ page }) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');

  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('furnace short');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vendor\/jobs\?search=furnace\+short$/);
  await expect(page.getByText('Search: furnace short')).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 jobs')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: JOB_TEXT })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Search: furnace short' }).click();
  await expect(page).toHaveURL(/\/vendor\/jobs$/);

  // The demo vendor holds accepted bids at three properties; the first (by name) is picked for it.
  const property = page.getByRole('button', { name: /^Property:/ });
  await expect(property).toHaveAccessibleName('Property: Aspen Ridge Apartments');
  await property.click();
  await page.getByRole('menuitem', { name: /Old Town Flats/ }).click();
  await expect(property).toHaveAccessibleName('Property: Old Town Flats');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Property:/ })).toHaveAccessibleName(
    'Property: Old Town Flats',
  );

  // On a 375px phone the whole top bar fits: the search is a button opening the box.
  // The layout settles after the resize (the shell's navbar leaves the desktop layout on the next
  // render), so wait for the narrow state rather than measuring the frame in between.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
    .toBeLessThanOrEqual(375);
  const settings = await page.getByRole('button', { name: 'Settings menu' }).boundingBox();
  expect(settings!.x + settings!.width).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('hose bib');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vendor\/jobs\?search=hose\+bib$/);
  await expect(page.getByRole('article').filter({ hasText: 'Outdoor hose bib' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('Available Jobs marks a job the vendor bid on and offers "Edit my bid"; My Bids shows its options as a range', async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    // The manager raises a job in the demo vendor's trade; the vendor bids on it with three options.
    const managerContext = await browser.newContext();
    const manager = managerContext.request;
    await apiSignIn(manager, 'manager@demo.local', DEMO_PASSWORD);
    const projects = (await (await manager.get('/api/user/projects/')).json()) as Array<{ id: number }>;
    const words = `Rattling condensate pump ${Date.now()}`;
    const created = await postJson(manager, '/api/requests/', {
      type: 'Plumbing',
      description: `${words} in the boiler room`,
      project_id: projects[0]!.id,
    });
    const { id } = (await created.json()) as { id: number };
    await managerContext.close();

    await openSignedIn(page, 'vendor@demo.local', '/vendor/jobs');
    await page.goto(`/vendor/jobs?search=${encodeURIComponent(words)}`);
    const card = page.getByRole('article', { name: `Job #${id}` });
    await expect(card.getByRole('button', { name: `Bid on job #${id}`, exact: true })).toBeVisible();
    const option = (label: string, amount: number) => ({
      label,
      amount,
      estimated_time: 1,
      estimated_time_unit: 'days',
    });
    await postJson(page.request, `/api/requests/${id}/bid/`, {
      proposed_start_date: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
      notes: 'Three ways to quiet it.',
      options: [option('Reseat it', 295), option('New pump', 1068), option('New pump and lines', 2400)],
    });

    await page.reload();
    await expect(card.getByText('You bid $295–$2,400, 3 options')).toBeVisible();
    await expect(card.getByRole('button', { name: `Bid on job #${id}`, exact: true })).toHaveCount(0);
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
      .toBeLessThanOrEqual(375);
    await card.getByRole('button', { name: `Edit my bid on job #${id}` }).tap();
    const dialog = new BidDialog(page);
    await dialog.expectTitle(id);
    await expect(dialog.root.getByText('Editing your bid')).toBeVisible();
    await expect(dialog.root.getByRole('textbox', { name: 'Option name' }).first()).toHaveValue('Reseat it');
    await page.keyboard.press('Escape');

    await page.goto('/vendor/bids');
    const bidCard = page.getByRole('article', { name: `Bid on request #${id}` });
    await expect(bidCard.getByText(`#${id} · Plumbing · $295–$2,400, 3 options`)).toBeVisible();
    await bidCard.getByRole('button', { name: `Withdraw bid on request #${id}` }).tap();
    const confirm = page.getByRole('dialog', { name: 'Withdraw this bid?' });
    await expect(
      confirm.getByText(`Your $295–$2,400, 3 options bid on request #${id} (Plumbing)`, { exact: false }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep Bid' }).tap();
  });
});
