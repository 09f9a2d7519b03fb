// The admin console's Applications and Clients & properties sections, lists and drawers, at 1280
// and 375 px, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && SCREENSHOT_PORT=8230 node tests/screenshots/admin-console-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8230);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-admin-console';
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${width}] console: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    await signIn(page, base, 'admin@demo.local');
    const shot = async (name) => {
      await settled(page, 500);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto(`${base}/admin/applications`);
    await shot('applications');
    await page.getByRole('tab', { name: 'Vendors' }).click();
    await shot('applications-vendors');
    const first = page.getByRole('main').getByRole('button').filter({ hasNotText: /page/i }).first();
    if (await first.count()) {
      await first.click();
      await shot('application-drawer');
    }

    await page.goto(`${base}/admin/clients`);
    await shot('clients');
    await page.getByRole('button', { name: 'Summit Property Group' }).first().click();
    await settled(page, 300);
    await page
      .getByRole('button', { name: /^Units of/ })
      .first()
      .click();
    await shot('client-drawer');
    await page.getByRole('button', { name: 'Create property' }).click();
    await shot('property-dialog');
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
