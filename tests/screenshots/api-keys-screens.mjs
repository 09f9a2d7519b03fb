// Settings → API keys: the empty list, a key just made, the list and the revoke
// confirmation, at 1280 and 375 px, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8233 node tests/screenshots/api-keys-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8233);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${width}] console: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    await signIn(page, base, 'vendor@demo.local');
    const shot = async (name) => {
      await settled(page, 500);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto(`${base}/vendor/settings/profile#api-keys`);
    await shot('api-keys-empty');
    await page.getByRole('textbox', { name: 'Key name' }).fill(`Dispatch system ${width}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('new-api-key').waitFor();
    await shot('api-keys-created');
    await page.getByRole('button', { name: `Revoke Dispatch system ${width}` }).click();
    await shot('api-keys-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
