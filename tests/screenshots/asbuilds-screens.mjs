// The as-builds viewer at 1280 and 375 px: first view, a pin's 360 photo with its close-ups' editing,
// a measured polygon, the "Share on a website" dialog, and the shared plan embedded in a plain page
// of another site (served here on localhost).
// Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && node tests/screenshots/asbuilds-screens.mjs'
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8206);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-asbuilds';
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();

for (const width of [1280, 375]) {
  const { context, page } = await newPage(browser, width);
  await signIn(page, base, 'manager@demo.local');
  const projects = await page.evaluate(async () =>
    (
      await fetch('/api/user/projects/', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      })
    ).json(),
  );
  const project = (Array.isArray(projects) ? projects : projects.results)[0];
  await page.goto(`${base}/property-manager/${project.id}/asbuilds`);
  await settled(page, 1200);
  await page.screenshot({ path: `${out}/asbuilds-${width}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.getByRole('menuitem', { name: 'Share on a website' }).click();
  const share = page.getByRole('dialog', { name: 'Share on a website' });
  const shared = share.getByRole('switch', { name: 'Public read-only embed' });
  await shared.waitFor();
  // Still on from the first width (one server for both).
  if (!(await shared.isChecked())) await shared.click();
  await share.getByLabel('Embed code').waitFor();
  const snippet = await share.getByLabel('Embed code').inputValue();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/asbuilds-share-${width}.png` });
  await page.keyboard.press('Escape');
  await share.waitFor({ state: 'detached' });
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Acme Tower</title><style>body{font-family:Georgia,serif;max-width:900px;margin:24px auto;padding:0 16px}</style>` +
        `</head><body><h1>Acme Tower</h1><p>Floor plans of the building, with where the in-wall photos were taken.</p>${snippet}</body></html>`,
    );
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const embed = await context.newPage();
  await embed.goto(`http://localhost:${site.address().port}/`);
  await embed
    .getByRole('button', { name: /^Photo spot/ })
    .first()
    .waitFor();
  await embed
    .getByRole('button', { name: /^Photo spot/ })
    .first()
    .click();
  await embed.waitForTimeout(400);
  await embed.screenshot({ path: `${out}/embed-${width}.png`, fullPage: true });
  await embed.close();
  site.close();

  await page
    .getByRole('button', { name: /^Show photo:/ })
    .first()
    .click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/asbuilds-360-${width}.png` });
  const editCaption = page.getByRole('button', { name: /^Edit caption:/ }).first();
  if (await editCaption.isVisible()) {
    await editCaption.click();
    await page.getByRole('dialog', { name: 'Edit close-up caption' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/asbuilds-close-up-caption-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit close-up caption' }).waitFor({ state: 'detached' });
  }
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  if (await page.getByRole('dialog').isVisible()) console.log(`${width}: Escape left the 360 dialog open`);
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Measure' }).click();
  await page.getByRole('application').scrollIntoViewIfNeeded();
  const box = await page.getByRole('application').boundingBox();
  for (const [fx, fy] of [
    [0.3, 0.3],
    [0.6, 0.3],
    [0.6, 0.6],
    [0.3, 0.6],
  ]) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  }
  await page.getByRole('button', { name: 'Close polygon' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/asbuilds-measure-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/asbuilds-edit-menu-${width}.png` });
  await page.getByRole('menuitem', { name: 'Add layout' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/asbuilds-add-layout-${width}.png` });
  await context.close();
}

await browser.close();
stop();
console.log(`screenshots in ${out}`);
