import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { apiSignIn, postJson } from './support/api-session.ts';
import { BidDialog } from './support/bid-dialog.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { signInUnderServiceWorker } from './support/offline.ts';
import { createRequestWithSpot, keepJobThenOffline, planReady } from './support/request-spot.ts';

// Priced bids, the whole story: a manager pins a request on the plan; the demo vendor reads the spot
// and the photo behind the wall, measures an area on the plan and bids two options priced by line
// items; a competitor bids too; the manager compares them side by side and awards one option; the
// vendor keeps the job and sees the spot with the network off.

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 240_000 });

const COMPETITOR = 'dale@frontrangeplumbing.example';
const COMPETITOR_PASSWORD = 'Front-Range-2027!';

/**
 * Front Range Plumbing, a seeded competitor, has no password: it sets one through the reset mail
 * (read by the demo superuser, as tests/e2e/password-reset.spec.ts does), then signs in.
 */
async function signInCompetitor(browser: Browser, request: APIRequestContext): Promise<void> {
  await postJson(request, '/api/users/reset-password/', { email: COMPETITOR });
  const staff = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
    const link = await linkFromMail(staff.request, COMPETITOR, /\/reset-password-confirm\/[^\s"<>]+/);
    const token = decodeURIComponent(link.split('/').filter(Boolean).pop() ?? '');
    await postJson(request, '/api/users/reset-password-confirm/', { token, password: COMPETITOR_PASSWORD });
  } finally {
    await staff.close();
  }
  await apiSignIn(request, COMPETITOR, COMPETITOR_PASSWORD);
}

test('a vendor measures on the plan and bids two options; the manager compares and awards one; the spot stays offline', async ({
  browser,
  page,
  context,
}) => {
  const description = `Ceiling stain by the stairs, priced from the plan (e2e ${Date.now()})`;
  let requestId = 0;

  await test.step('the manager raises the request with a spot and an area', async () => {
    requestId = await createRequestWithSpot(browser, description);
  });

  let measured = 0;
  await test.step('the vendor sees the spot and the nearest 360° photo', async () => {
    await signInUnderServiceWorker(page);
    await page.goto(`/vendor/requests/${requestId}`);
    const section = page.getByRole('region', { name: 'Location on the floor plan' });
    await expect(section.getByRole('heading', { name: 'What is behind this wall' })).toBeVisible();
    await planReady(section);
    await expect(section.getByText(/ ft from the spot$/).first()).toBeVisible();
  });

  await test.step('measures an area on the plan and bids two options with line items', async () => {
    await page.getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Submit Bid for Request #${requestId}` });
    await expect(dialog).toBeVisible();
    await new BidDialog(page).pickStartDate();
    await dialog.getByRole('switch', { name: 'Offer options' }).check();
    const first = dialog.getByRole('group', { name: 'Option 1' });
    const second = dialog.getByRole('group', { name: 'Option 2' });
    await first.getByLabel('Option name').fill('Patch the ceiling');
    await first.getByLabel('Estimated Time').fill('1');

    // Option 1 is priced from the area measured on the plan.
    await first.getByRole('button', { name: 'Measure on the plan' }).click();
    const measure = page.getByRole('dialog', { name: 'Measure on the plan' });
    const stage = await planReady(measure);
    const box = (await stage.boundingBox())!;
    for (const [dx, dy] of <Array<[number, number]>>[
      [-40, -30],
      [40, -30],
      [40, 30],
      [-40, 30],
    ]) {
      await stage.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    }
    await measure.getByRole('button', { name: 'Close area' }).click();
    const area = measure.getByText(/^Area: [\d,.]+ sq ft$/);
    await expect(area).toBeVisible();
    measured = Number(((await area.textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(measured).toBeGreaterThan(0);
    await measure.getByLabel('Description').fill('Cut out and patch the ceiling');
    await measure.getByRole('button', { name: 'Add as line item' }).click();
    await expect(measure).toBeHidden();
    const patchLine = first.getByRole('group', { name: 'Line item 1' });
    await expect(patchLine.getByLabel('Quantity')).toHaveValue(String(measured));
    await patchLine.getByLabel('Unit price').fill('6');

    // Option 2: replace the section, one line typed by hand.
    await second.getByLabel('Option name').fill('Replace the section');
    await second.getByLabel('Estimated Time').fill('2');
    await second.getByRole('button', { name: 'Add line item' }).click();
    const replaceLine = second.getByRole('group', { name: 'Line item 1' });
    await replaceLine.getByLabel('Description').fill('Replace the ceiling board');
    await replaceLine.getByLabel('Quantity').fill('48');
    await replaceLine.getByLabel('Unit price').fill('12.5');
    await expect(replaceLine.getByLabel('Total')).toHaveValue('$600');

    await dialog.getByRole('button', { name: 'Submit Bid' }).click();
    await expect(page.getByText('Success! Your bid has been submitted successfully')).toBeVisible();

    const bid = (await (await page.request.get(`/api/requests/${requestId}/`)).json()).bids[0];
    expect(bid.options.map((option: { label: string }) => option.label)).toEqual([
      'Patch the ceiling',
      'Replace the section',
    ]);
    expect(bid.options[0].line_items[0]).toMatchObject({ quantity: measured, unit: 'sq_ft', unit_price: 6 });
    expect(bid.options[1]).toMatchObject({ amount: 600 });
  });

  await test.step('a competitor bids the same area, measured differently', async () => {
    const competitor = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await signInCompetitor(browser, competitor.request);
      const quantity = Math.round(measured + 10);
      await postJson(competitor.request, `/api/requests/${requestId}/bid/`, {
        amount: quantity * 5,
        estimated_time: 6,
        estimated_time_unit: 'hours',
        proposed_start_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        notes: '',
        line_items: [
          { description: 'Cut out and patch the ceiling', quantity, unit: 'sq_ft', unit_price: 5 },
        ],
      });
    } finally {
      await competitor.close();
    }
  });

  await test.step('the manager compares them side by side and awards option 2', async () => {
    const managerContext = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const manager = await managerContext.newPage();
      await openSignedIn(manager, 'manager@demo.local', `/property-manager/requests/${requestId}`);
      const compare = manager.getByRole('region', { name: 'Compare bids' });
      await expect(compare).toBeVisible();
      const table = compare.getByRole('table');
      await expect(
        table.getByRole('columnheader', { name: /Peak Mechanical Services — Patch the ceiling/ }),
      ).toBeVisible();
      await expect(
        table.getByRole('columnheader', { name: /Peak Mechanical Services — Replace the section/ }),
      ).toBeVisible();
      await expect(table.getByRole('columnheader', { name: /Front Range Plumbing Co\./ })).toBeVisible();
      const patchRow = table.getByRole('row', { name: /Cut out and patch the ceiling/ });
      await expect(patchRow.getByText('Measured differently')).toBeVisible();

      await manager
        .getByRole('button', {
          name: /^Award option: Replace the section \(\$600\) to Peak Mechanical Services$/,
        })
        .click();
      const confirm = manager.getByRole('dialog', { name: 'Award this option?' });
      await expect(confirm).toContainText('Replace the section');
      await confirm.getByRole('button', { name: 'Award', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(manager.getByText(/option 2 "Replace the section", for \$600/)).toBeVisible();
    } finally {
      await managerContext.close();
    }
    const detail = await (await page.request.get(`/api/requests/${requestId}/`)).json();
    expect(detail.status).toBe('in_progress');
    expect(detail.awarded_bid.awarded_option).toMatchObject({ position: 2, label: 'Replace the section' });
  });

  await test.step('the vendor keeps the job and sees the spot with the network off', async () => {
    await page.goto(`/vendor/requests/${requestId}`);
    await keepJobThenOffline(page, context, requestId, async (section) => {
      await expect(section.getByRole('heading', { name: 'What is behind this wall' })).toBeVisible();
    });
  });
});

test('with the network off, a kept job is measured and bid with line items; the bid waits and is sent with them', async ({
  browser,
  page,
  context,
}) => {
  const requestId = await createRequestWithSpot(browser, `Measured offline (e2e ${Date.now()})`);
  await signInUnderServiceWorker(page);
  await page.goto(`/vendor/requests/${requestId}`);
  await keepJobThenOffline(page, context, requestId, async () => {
    await page.getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Submit Bid for Request #${requestId}` });
    await new BidDialog(page).pickStartDate();
    await dialog.getByLabel('Estimated Time').fill('4');
    await dialog.getByRole('button', { name: 'Measure on the plan' }).click();
    const measure = page.getByRole('dialog', { name: 'Measure on the plan' });
    const stage = await planReady(measure);
    const box = (await stage.boundingBox())!;
    // A length this time: two taps along the wall.
    await measure.getByText('Length (ft)', { exact: true }).click();
    await stage.click({ position: { x: box.width / 2 - 60, y: box.height / 2 } });
    await stage.click({ position: { x: box.width / 2 + 60, y: box.height / 2 } });
    await expect(measure.getByText(/^Length: [\d,.]+ ft$/)).toBeVisible();
    await measure.getByRole('button', { name: 'Add as line item' }).click();
    await expect(measure).toBeHidden();
    const line = dialog.getByRole('group', { name: 'Line item 1' });
    await expect(line.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('ft');
    await line.getByLabel('Unit price').fill('20');
    await dialog.getByRole('button', { name: 'Submit Bid' }).click();
    await expect(
      dialog.getByText('Saved on this device; it will be sent when you are back online.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  // Back online (keepJobThenOffline restores the network): the outbox sends the bid with its line.
  await expect
    .poll(async () => (await (await page.request.get(`/api/requests/${requestId}/`)).json()).bids.length, {
      timeout: 30_000,
    })
    .toBe(1);
  const bid = (await (await page.request.get(`/api/requests/${requestId}/`)).json()).bids[0];
  expect(bid.line_items).toHaveLength(1);
  expect(bid.line_items[0]).toMatchObject({ unit: 'ft', unit_price: 20, description: 'Measured length' });
  expect(bid.amount).toBe(bid.line_items[0].total);
});
