// Screenshots of the offline photo writes at 1280 and 375 px, for a person to look at:
// the vendor's Create Request form and its "saved on this device" state, a completion waiting on the
// request detail, and the Outbox listing both. Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/offline-photo-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base } = await startScreenshotServer(8202);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-offline-photo-screens';
const photo = new URL('../e2e/fixtures/site-photo.png', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const shoot = async (page, name) => {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
};

async function offline(context, on) {
  if (on) {
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
  } else {
    await context.unrouteAll();
    await context.setOffline(false);
  }
}

async function run(width) {
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser, width);
  await signIn(page, base, 'vendor@demo.local');
  await page.waitForURL(/\/vendor\/dashboard$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  const dashboard = await (await page.request.get(`${base}/api/vendor/dashboard/`)).json();
  const job = dashboard.current_jobs[0];
  if (job) {
    await page.goto(`${base}/vendor/requests/${job.request_id}`);
    await page.getByLabel('Completion note').waitFor();
  }
  await page.waitForTimeout(1500);

  await offline(context, true);
  await page.goto(`${base}/vendor/dashboard`).catch(() => {});
  await page.getByRole('button', { name: 'Create Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Request' });
  await dialog.getByRole('combobox', { name: 'Request Type' }).click();
  await page.getByRole('option', { name: 'Plumbing', exact: true }).click();
  await dialog.getByLabel('Description').fill('Water stain on the ceiling of unit 4B, below the roof drain.');
  await dialog.locator('input[type="file"]').setInputFiles(photo);
  await shoot(page, `request-form-${width}`);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await dialog.getByText('Request saved').waitFor();
  await shoot(page, `request-queued-${width}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  if (job) {
    await page.goto(`${base}/vendor/requests/${job.request_id}`).catch(() => {});
    await page.getByLabel('Completion note').fill('Replaced the valve and checked for leaks for 30 minutes.');
    await page.locator('input[type="file"]').setInputFiles([photo, photo]);
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await page.getByTestId('pending-completion').waitFor();
    await page.getByTestId('pending-completion').scrollIntoViewIfNeeded();
    await shoot(page, `completion-waiting-${width}`);
  }
  await page.goto(`${base}/vendor/outbox`).catch(() => {});
  await page.getByTestId('outbox-item').first().waitFor();
  await shoot(page, `outbox-${width}`);
  await page.getByTestId('outbox-item').last().getByRole('button', { name: 'Edit' }).click();
  await shoot(page, `outbox-edit-${width}`);
  await page.keyboard.press('Escape');
  // Discard the waiting writes so the next width starts from the same job.
  for (let i = 0; i < 5 && (await page.getByTestId('outbox-item').count()) > 0; i += 1) {
    await page.getByTestId('outbox-item').first().getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await page.waitForTimeout(400);
  }
  await offline(context, false);
  await browser.close();
}

for (const width of [1280, 375]) await run(width);
console.log(`screenshots in ${out}`);
process.exit(0);
