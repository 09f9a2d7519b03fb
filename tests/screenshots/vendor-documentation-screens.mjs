// The vendor's Property Documentation at 1280 and 375 px: the job's link, the viewer, and a refusal.
// Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/vendor-documentation-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8240);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-vendor-documentation';
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();

/** The demo vendor's in-progress job whose property documentation it may read. */
async function awardedJob(page) {
  return page.evaluate(async () => {
    const get = async (path) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })).json();
    const bids = await get('/api/vendor/bids/?status=accepted');
    for (const bid of bids.results) {
      const detail = await get(`/api/requests/${bid.request_id}/`);
      if (detail.status === 'in_progress' && detail.documentation_available) return detail;
    }
    return null;
  });
}

for (const width of [1280, 375]) {
  const { context, page } = await newPage(browser, width);
  await signIn(page, base, 'vendor@demo.local');
  const job = await awardedJob(page);
  if (!job) throw new Error('no awarded job with documentation');
  await page.goto(`${base}/vendor/requests/${job.id}`);
  await settled(page, 800);
  await page.screenshot({ path: `${out}/vendor-job-${width}.png` });
  await page.getByRole('link', { name: 'Property documentation' }).click();
  await page
    .getByRole('button', { name: /^Show photo:/ })
    .first()
    .waitFor();
  await settled(page, 1200);
  await page.screenshot({ path: `${out}/vendor-documentation-${width}.png`, fullPage: true });
  // A property of none of the vendor's awarded jobs: the refusal with the way back.
  const refused = await page.evaluate(async () => {
    for (let id = 1; id < 50; id += 1) {
      const answer = await fetch(`/api/projects/${id}/documentation/`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      if (answer.status === 403) return id;
    }
    return 999999;
  });
  await page.goto(`${base}/vendor/properties/${refused}/documentation`);
  await settled(page, 800);
  await page.screenshot({ path: `${out}/vendor-documentation-denied-${width}.png` });
  await context.close();
}

await browser.close();
stop();
console.log(`screenshots in ${out}`);
