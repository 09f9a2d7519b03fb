// The admin console's Users section: the list, a search, the drawer and the deactivate
// confirmation, at 1280 and 375 px, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && SCREENSHOT_PORT=8232 node tests/screenshots/admin-users-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8232);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-admin-users';
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

    await page.goto(`${base}/admin/users`);
    await shot('users');
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody at all');
    await shot('users-empty');
    await page.getByRole('searchbox', { name: 'Search' }).fill('vendor@demo');
    await settled(page, 600);
    await page.getByRole('main').getByRole('button', { name: /./ }).first().click();
    await shot('user-drawer');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await shot('user-deactivate-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
