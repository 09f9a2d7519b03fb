import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';
import { goOffline, goOnline, signInUnderServiceWorker } from './support/offline.ts';
import { chooseOption } from './support/request-pages.ts';

// Issue 20: a request pinned on the floor plan, and "What is behind this wall" for the vendor,
// online and kept for the field.

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });

const PROPERTY = 'Cherry Creek Lofts';
const DEMO_VENDOR = 'Peak Mechanical Services';

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
interface PlanImage {
  complete: boolean;
  naturalWidth: number;
}

/** The plan stage, once its image has loaded (the viewer's own status message is gone). */
async function planReady(page: Page): Promise<Locator> {
  const stage = page.getByRole('application');
  await expect(stage).toBeVisible();
  await expect(stage.getByText('Loading the layout image')).toBeHidden();
  await expect(stage.getByText('The layout image could not be loaded.', { exact: false })).toHaveCount(0);
  return stage;
}

test('a manager pins a request on the plan; the vendor sees the spot and the photos behind it, offline too', async ({
  browser,
  page,
  context,
}) => {
  const description = `Water stain spreading on the ceiling by the kitchen (e2e ${Date.now()})`;
  let requestId = 0;

  await test.step('the manager marks the spot and the area on the full create page', async () => {
    const managerContext = await browser.newContext({ serviceWorkers: 'block' });
    const manager = await managerContext.newPage();
    await openSignedIn(manager, 'manager@demo.local', '/property-manager/dashboard');
    await manager.goto('/property-manager/maintenance/create');
    await chooseOption(manager, 'Property', PROPERTY);
    await chooseOption(manager, 'Request Type', 'Plumbing');
    await manager.getByLabel('Description').fill(description);
    await chooseOption(manager, 'Layout', 'Level 1');
    const stage = await planReady(manager);
    const box = (await stage.boundingBox())!;
    await stage.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(manager.getByText('Spot marked.', { exact: false })).toBeVisible();
    // The segmented control's radios are visually hidden: a person clicks the label.
    await manager.getByText('Draw the area', { exact: true }).click();
    await expect(manager.getByRole('radio', { name: 'Draw the area' })).toBeChecked();
    for (const [dx, dy] of [
      [-30, -20],
      [30, -20],
      [30, 20],
    ]) {
      await stage.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    }
    await manager.getByRole('button', { name: 'Close area' }).click();
    await expect(manager.getByText('Area drawn (3 corners).', { exact: false })).toBeVisible();
    await chooseOption(manager, 'Invite vendors', DEMO_VENDOR);
    await manager.keyboard.press('Escape');
    await manager.getByRole('button', { name: 'Submit Request' }).click();
    await expect(manager.getByText('Request Submitted Successfully!')).toBeVisible();
    requestId = Number(((await manager.getByTestId('confirmation-number').textContent()) ?? '').slice(4));
    expect(requestId).toBeGreaterThan(0);
    await managerContext.close();
  });

  let nearest = '';
  await test.step('the vendor opens it: the spot on the plan and the nearest 360° photo', async () => {
    await signInUnderServiceWorker(page);
    const detail = await (await page.request.get(`/api/requests/${requestId}/`)).json();
    expect(detail.spot.area).toHaveLength(3);
    expect(detail.spot.behind_wall).toHaveLength(3);
    nearest = detail.spot.behind_wall[0].caption;
    await page.goto(`/vendor/requests/${requestId}`);
    await expect(page.getByRole('heading', { name: 'Location on the floor plan' })).toBeVisible();
    const stage = await planReady(page);
    await expect(stage.getByRole('button', { name: `Open 360° photo: ${nearest}` })).toBeVisible();
    const section = page.getByRole('region', { name: 'Location on the floor plan' });
    await expect(section.getByRole('heading', { name: 'What is behind this wall' })).toBeVisible();
    await expect(section.getByText(nearest)).toBeVisible();
    await expect(section.getByText(/ ft from the spot$/).first()).toBeVisible();
    await section.getByRole('button', { name: `Open 360° view: ${nearest}` }).click();
    const sphere = page.getByRole('dialog', { name: nearest });
    await expect(sphere).toBeVisible();
    // Its close-ups are listed as plain buttons too.
    await expect(sphere.getByRole('button', { name: /^Close-up: / }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sphere).toBeHidden();
  });

  await test.step('kept for the field, it shows with the network off', async () => {
    await page.getByRole('button', { name: `Keep offline: job #${requestId}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Kept offline: job #${requestId}` })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 45_000 },
    );
    await goOffline(context);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
      await expect(page.getByText(/^Offline · saved /)).toBeVisible();
      const stage = await planReady(page);
      await expect(stage.getByRole('button', { name: `Open 360° photo: ${nearest}` })).toBeVisible();
      const section = page.getByRole('region', { name: 'Location on the floor plan' });
      await expect(section.getByText(nearest)).toBeVisible();
      // The photos came from the kept-files cache, not a broken image.
      const photo = section.locator('img').first();
      await expect
        .poll(() =>
          photo.evaluate((node) => {
            const image = node as unknown as PlanImage;
            return image.complete && image.naturalWidth > 0;
          }),
        )
        .toBe(true);
    } finally {
      await goOnline(context);
    }
  });
});
