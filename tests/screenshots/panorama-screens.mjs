// The /panorama demo at 1280 and 375 px: the viewer with one placed photo, the photo's modal and the
// reset confirmation, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/panorama-screens.mjs'
import { mkdirSync, readFileSync } from 'node:fs';
import { launchBrowser, newPage } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8222);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-panorama';
mkdirSync(out, { recursive: true });
const photo = readFileSync(new URL('../e2e/fixtures/site-photo.png', import.meta.url));

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    await page.goto(`${base}/panorama`);
    const viewer = page.getByRole('application', { name: '360° view of the demo room' });
    await viewer.locator('xpath=.').and(page.locator('[data-ready=true]')).waitFor({ timeout: 20000 });
    // Turn right a little and place the photo there, then turn back so it shows off-centre.
    await viewer.focus();
    for (let i = 0; i < 4; i++) await viewer.press('ArrowRight');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: photo });
    await viewer.getByRole('button', { name: 'Photo 1', exact: true }).waitFor();
    for (let i = 0; i < 4; i++) await viewer.press('ArrowLeft');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/panorama-${width}.png`, fullPage: true });
    await viewer.getByRole('button', { name: 'Photo 1', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Photo 1' })
      .getByRole('img', { name: /^Photo 1/ })
      .waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/panorama-photo-modal-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reset All Photos' }).click();
    await page.getByRole('dialog', { name: 'Reset all photos?' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/panorama-reset-${width}.png` });
    // The door lies to the right of the kitchen in the picture: turning right must reach it.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await viewer.focus();
    for (let i = 0; i < 16; i++) await viewer.press('ArrowRight');
    await page.waitForTimeout(300);
    await viewer.screenshot({ path: `${out}/panorama-yaw80-${width}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
