// Screenshots of the vendor portal screens at 1280 and 375 px, for a person to look at.
// Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/vendor-portal-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled as settlePage, signIn as signInAs } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8204);
// Outside test-results/, which every Playwright run empties.
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-vendor-portal-screens';
mkdirSync(out, { recursive: true });

async function signIn(page) {
  await signInAs(page, base, 'vendor@demo.local');
  await page.waitForURL(/\/vendor\/dashboard$/);
}

const settled = (page) => settlePage(page, 500);

async function fillBid(page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bid Amount').fill('525');
  await dialog.getByLabel('Estimated Time').fill('2.5');
  await dialog.getByRole('combobox', { name: 'Time Unit' }).click();
  await page.getByRole('option', { name: 'Days' }).click();
  await dialog.getByRole('button', { name: 'Proposed Start Date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .locator(
      '[data-dates-dropdown] button[aria-label^="15 "], .mantine-Popover-dropdown button[aria-label^="15 "]',
    )
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm date and time' }).click();
  await dialog.getByLabel('Notes').fill('Parts on the truck; two technicians.');
}

async function shoot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

async function run(width) {
  const browser = await launchBrowser();
  const { page } = await newPage(browser, width);
  const tag = (name) => `${width}-${name}`;
  await signIn(page);

  await page.getByText('Active Bids').first().waitFor();
  await page.getByRole('tab', { name: 'Active Bids' }).waitFor();
  await settled(page);
  await shoot(page, tag('dashboard-active'));
  await page.getByRole('tab', { name: 'Current Jobs' }).click();
  await shoot(page, tag('dashboard-current'));
  await page.getByRole('tab', { name: 'Completed Jobs' }).click();
  await shoot(page, tag('dashboard-completed'));
  await page.getByRole('button', { name: /^Property:/ }).click();
  await shoot(page, tag('property-dropdown'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create Request' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, tag('create-request'));
  await page.keyboard.press('Escape');

  await page.goto(`${base}/vendor/jobs`);
  await page.getByText(/Showing \d+ of \d+ jobs/).waitFor();
  await shoot(page, tag('jobs'));
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, tag('jobs-filter-dialog'));
  await page.keyboard.press('Escape');
  await page.goto(`${base}/vendor/jobs?service_type=Plumbing&status=open&ordering=-created_at`);
  await page.getByText(/Showing \d+ of \d+ jobs/).waitFor();
  await shoot(page, tag('jobs-filtered'));

  // The sink leak has two seeded photos and a bid of the demo vendor.
  const sink = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const answer = await fetch('/api/vendor/jobs/?search=sink+cabinet', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await answer.json()).results[0].id;
  });
  await page.goto(`${base}/vendor/requests/${sink}`);
  await page.getByRole('heading', { name: `Maintenance Request #${sink}` }).waitFor();
  await settled(page);
  await shoot(page, tag('request-detail'));
  await page.getByRole('button', { name: 'Edit my bid' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(800);
  await shoot(page, tag('bid-dialog-edit'));
  await page.keyboard.press('Escape');

  await page.goto(`${base}/vendor/requests/999999`);
  await page.getByText('Request Not Found').waitFor();
  await shoot(page, tag('request-not-found'));
  // A Landscaping job the demo vendor may not see.
  const denied = await page.evaluate(async () => {
    for (let id = 1; id < 80; id += 1) {
      const answer = await fetch(`/api/requests/${id}/`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      if (answer.status === 403) return id;
    }
    return null;
  });
  await page.goto(`${base}/vendor/requests/${denied}`);
  await page.getByText('Access Denied').waitFor();
  await shoot(page, tag('request-denied'));

  // Bid dialog states on a job the vendor has not bid on yet.
  await page.goto(`${base}/vendor/jobs?service_type=HVAC&status=open&ordering=deadline`);
  await page.getByText(/Showing \d+ of \d+ jobs/).waitFor();
  const bidButtons = page.getByRole('button', { name: /^Bid on job #/ });
  await bidButtons.first().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(600);
  await shoot(page, tag('bid-dialog-form'));
  await page.getByRole('button', { name: 'Submit Bid' }).click();
  await shoot(page, tag('bid-dialog-invalid'));
  // The first HVAC job already has the demo vendor's bid: a duplicate, then Modify Existing Bid.
  await fillBid(page);
  await page.getByRole('button', { name: 'Submit Bid' }).click();
  await page.getByText('Bid Already Submitted').waitFor();
  await shoot(page, tag('bid-dialog-duplicate'));
  await page.getByRole('button', { name: 'Modify Existing Bid' }).click();
  await page.getByText('Editing your bid').waitFor();
  await page.waitForTimeout(600);
  await shoot(page, tag('bid-dialog-modify'));
  await page.keyboard.press('Escape');

  // A new bid on another job (a different one per width: both runs share the server).
  await bidButtons.nth(width < 500 ? 2 : 1).click();
  await fillBid(page);
  await page.getByRole('button', { name: 'Submit Bid' }).click();
  await page.getByText(/Success! Your bid has been submitted/).waitFor();
  await shoot(page, tag('bid-dialog-success'));
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Refusals the demo data cannot produce on demand, answered by a stand-in server reply.
  const refusals = [
    [
      'unavailable',
      409,
      { code: 'REQUEST_UNAVAILABLE', detail: "We're sorry, but this request is no longer available." },
    ],
    [
      'insurance',
      403,
      {
        code: 'INSURANCE_EXPIRED',
        detail:
          'Your insurance certificate has expired. Upload a current certificate in Settings before bidding.',
      },
    ],
    // No 5xx here: a bid the server failed on waits in the outbox for a retry (offline model), so the
    // dialog shows no alert for it.
  ];
  for (const [name, status, body] of refusals) {
    await page.route('**/api/requests/*/bid/', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );
    await bidButtons.nth(4).click();
    await fillBid(page);
    await page.getByRole('button', { name: 'Submit Bid' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await shoot(page, tag(`bid-dialog-${name}`));
    await page.keyboard.press('Escape');
    await page.unroute('**/api/requests/*/bid/');
  }
  await page.route('**/api/bids/*/', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto(`${base}/vendor/requests/${sink}`);
  await page.getByRole('button', { name: 'Edit my bid' }).click();
  await page.getByText('Failed to load bid details. Please try again.').waitFor({ timeout: 20000 });
  await shoot(page, tag('bid-dialog-load-failed'));
  await page.keyboard.press('Escape');
  await page.unroute('**/api/bids/*/');

  await page.goto(`${base}/vendor/bids`);
  await page.getByRole('heading', { name: 'My Bids' }).waitFor();
  await settled(page);
  await shoot(page, tag('my-bids'));
  await browser.close();
}

try {
  await run(1280);
  await run(375);
  console.log(`screenshots in ${out}`);
} finally {
  stop();
}
