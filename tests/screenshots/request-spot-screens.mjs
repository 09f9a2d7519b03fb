// A request's spot on the floor plan at 1280 and 375 px: the manager's create page with
// a spot and an area marked, the vendor's request detail with "What is behind this wall", a nearest
// 360-degree photo opened from it, and the vendor's report form with the picker. Run after a build,
// under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8237 node tests/screenshots/request-spot-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8237);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-request-spot';
mkdirSync(out, { recursive: true });

async function call(page, method, path, data) {
  const { csrfToken } = await (await page.request.get(`${base}/api/get-csrf-token/`)).json();
  const answer = await page.request.fetch(`${base}${path}`, {
    method,
    data,
    headers: { 'X-CSRFToken': csrfToken, 'Content-Type': 'application/json' },
  });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const manager = await newPage(browser, width);
    await signIn(manager.page, base, 'manager@demo.local');
    await manager.page.goto(`${base}/property-manager/maintenance/create`);
    await choose(manager.page, 'Property', 'Cherry Creek Lofts');
    await choose(manager.page, 'Request Type', 'Plumbing');
    await manager.page.getByLabel('Description').fill('Water stain spreading on the ceiling by the kitchen');
    await choose(manager.page, 'Layout', 'Level 1');
    const stage = manager.page.getByRole('application');
    await stage.waitFor();
    await settled(manager.page, 800);
    const box = await stage.boundingBox();
    await stage.click({ position: { x: box.width * 0.3, y: box.height * 0.35 } });
    await manager.page.getByText('Draw the area', { exact: true }).click();
    for (const [fx, fy] of [
      [0.25, 0.3],
      [0.36, 0.3],
      [0.36, 0.42],
      [0.25, 0.42],
    ])
      await stage.click({ position: { x: box.width * fx, y: box.height * fy } });
    await manager.page.getByRole('button', { name: 'Close area' }).click();
    await manager.page.waitForTimeout(300);
    await stage.scrollIntoViewIfNeeded();
    await manager.page.screenshot({ path: `${out}/create-with-spot-${width}.png`, fullPage: true });

    const [property] = await call(manager.page, 'GET', '/api/user/projects/')
      .then((p) => (Array.isArray(p) ? p : p.results))
      .then((list) => list.filter((item) => item.name === 'Cherry Creek Lofts'));
    const documentation = await call(manager.page, 'GET', `/api/projects/${property.id}/documentation/`);
    const layout = documentation.layouts[0];
    const created = await call(manager.page, 'POST', '/api/requests/', {
      type: 'Plumbing',
      description: 'Water stain spreading on the ceiling by the kitchen',
      property_id: property.id,
      spot: {
        layout_id: layout.id,
        x: layout.width_px * 0.2,
        y: layout.height_px * 0.3,
        area: [
          { x: layout.width_px * 0.16, y: layout.height_px * 0.24 },
          { x: layout.width_px * 0.26, y: layout.height_px * 0.24 },
          { x: layout.width_px * 0.26, y: layout.height_px * 0.37 },
          { x: layout.width_px * 0.16, y: layout.height_px * 0.37 },
        ],
      },
    });
    await manager.context.close();

    const vendor = await newPage(browser, width);
    await signIn(vendor.page, base, 'vendor@demo.local');
    await vendor.page.goto(`${base}/vendor/requests/${created.id}`);
    await vendor.page.getByRole('heading', { name: 'What is behind this wall' }).waitFor();
    await settled(vendor.page, 1200);
    await vendor.page.screenshot({ path: `${out}/detail-spot-${width}.png`, fullPage: true });
    await vendor.page
      .getByRole('button', { name: /^Open 360° view: / })
      .first()
      .click();
    await vendor.page.getByRole('dialog').waitFor();
    await settled(vendor.page, 2500);
    await vendor.page.screenshot({ path: `${out}/detail-spot-360-${width}.png` });
    await vendor.page.keyboard.press('Escape');

    await vendor.page.goto(`${base}/vendor/dashboard`);
    await vendor.page
      .getByRole('button', { name: /Create Request/ })
      .first()
      .click();
    const dialog = vendor.page.getByRole('dialog');
    await dialog.waitFor();
    const layoutSelect = dialog.getByRole('combobox', { name: 'Layout' });
    if (await layoutSelect.count()) {
      await layoutSelect.click();
      await vendor.page.getByRole('option', { name: 'Level 1', exact: true }).click();
      const vendorStage = dialog.getByRole('application');
      await vendorStage.waitFor();
      await settled(vendor.page, 800);
      const vbox = await vendorStage.boundingBox();
      await vendorStage.click({ position: { x: vbox.width * 0.5, y: vbox.height * 0.5 } });
      await vendorStage.scrollIntoViewIfNeeded();
      await vendor.page.waitForTimeout(300);
    }
    await vendor.page.screenshot({ path: `${out}/vendor-report-spot-${width}.png` });
    await vendor.context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
