// Schedule a Visit (empty, with errors, sent) and the admin Inbox's Visit requests tab, at 1280 and
// 375 px, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8247 node tests/screenshots/schedule-visit-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8247);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const ahead = (days) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${width}] console: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    const shot = async (name) => {
      await settled(page, 400);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto(`${base}/schedule-visit`);
    await shot('schedule-visit-empty');

    const form = page.getByRole('form', { name: 'Request a visit' });
    await form.getByRole('button', { name: 'Request Visit' }).click();
    await shot('schedule-visit-errors');

    const text = (name) => form.getByRole('textbox', { name, exact: true });
    await text('Name').fill(`Rosa Alvarez ${width}`);
    await text('Email').fill(`rosa.${width}@speer.example`);
    await text('Phone').fill('(303) 555-0177');
    await text('Company').fill('Speer Living');
    await text('Property address').fill('700 Speer Blvd, Denver, CO 80203');
    await text('Number of units').fill('136');
    for (const [legend, days, time] of [
      ['First choice', 12, /^Morning/],
      ['Second choice (optional)', 14, /^Afternoon/],
    ]) {
      const group = page.getByRole('group', { name: legend });
      await group.getByRole('textbox', { name: 'Date' }).fill(ahead(days));
      await group.getByRole('textbox', { name: 'Date' }).press('Escape');
      await group.getByRole('radio', { name: time }).check();
    }
    await form
      .getByRole('textbox', { name: /^Notes/ })
      .fill(
        'Gate code 4471. The boiler room is in building B; we would like to see how in-wall photos work.',
      );
    await form.getByRole('button', { name: 'Request Visit' }).click();
    await page.getByRole('heading', { name: 'Visit request sent' }).waitFor();
    await shot('schedule-visit-sent');

    await signIn(page, base, 'admin@demo.local');
    await page.goto(`${base}/admin/inbox?tab=visit-requests`);
    await shot('inbox-visit-requests');
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
