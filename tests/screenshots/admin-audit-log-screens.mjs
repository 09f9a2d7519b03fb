// The admin console's Audit log: the list (after a few staff actions), the filter dialog, a filtered
// list with its chips and an empty result, at 1280 and 375 px, for a person to look at. Run after a
// build, under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8233 node tests/screenshots/admin-audit-log-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8233);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-admin-audit-log';
mkdirSync(out, { recursive: true });

/** A few staff actions through the API, so the log holds more than the seeded reviews. */
async function actAsStaff(page) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'X-CSRFToken': csrf };
  const get = async (path) => (await page.request.get(`${base}${path}`)).json();
  const post = (path, data = {}) => page.request.post(`${base}${path}`, { data, headers });
  const managers = await get('/api/admin/applications/managers/?status=submitted');
  for (const application of managers.results)
    await post(`/api/admin/applications/managers/${application.id}/approve/`);
  const vendors = await get('/api/admin/applications/vendors/?status=paid');
  for (const application of vendors.results) {
    await post(`/api/admin/applications/vendors/${application.id}/reject/`, {
      reason:
        'The insurance certificate on file expired last month; please upload a current one and apply again.',
    });
  }
  const { results: plans } = await get('/api/admin/plans/');
  const plan = plans[0];
  await page.request.put(`${base}/api/admin/plans/${plan.id}/`, {
    data: { ...plan, price: plan.price + 10, description: `${plan.description} Now with priority support.` },
    headers,
  });
  const demos = await get('/api/admin/demo-requests/?state=open');
  for (const demo of demos.results)
    await post(`/api/admin/demo-requests/${demo.id}/handle/`, { status: 'approved' });
}

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${width}] console: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    await signIn(page, base, 'admin@demo.local');
    if (width === 1280) await actAsStaff(page);
    const shot = async (name) => {
      await settled(page, 500);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto(`${base}/admin/audit-log`);
    await shot('audit-log');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Action' }).click();
    await shot('audit-log-filter-dialog');
    await page.getByRole('option', { name: 'Application rejected' }).click();
    await shot('audit-log-filter-dialog-chosen');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('searchbox', { name: 'Staff member' }).fill('admin');
    await settled(page, 600);
    await shot('audit-log-filtered');
    await page.goto(`${base}/admin/audit-log?actor=nobody&from=2020-01-01&to=2020-01-31`);
    await shot('audit-log-empty');
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
