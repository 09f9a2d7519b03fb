import { expect, test } from '@playwright/test';
import { VIEWER_ASSETS } from '../../src/shared/viewer-assets.ts';
import { gradientPng } from './support/gradient-png.ts';
import { openSignedIn } from './support/login-page.ts';
import { clickPlan, recordViewerFiles } from './support/plan-viewer.ts';

/**
 * The manager's Property Documentation: the as-builds viewer with the seeded Level 1 plan, its red
 * photo buttons opening the 360-degree photo, and a polygon measured, copied, kept and deleted.
 */
// Several loads of the viewer, and a WebGL sphere drawn in software on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  // The link follows the top bar's selected property: until the properties have loaded it points at
  // /property-manager/documentation, so a click then would land there.
  const documentation = page.getByRole('link', { name: 'Property Documentation' });
  await expect(documentation).toHaveAttribute('href', /\/property-manager\/\d+\/asbuilds$/);
  await documentation.click();
  await expect(page).toHaveURL(/\/property-manager\/\d+\/asbuilds$/);
});

test('the red buttons open the in-wall 360 photos; the tip stays closed after Got it', async ({ page }) => {
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  await expect(page.getByText('Click the red buttons to show photos')).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByText('Click the red buttons to show photos')).toBeHidden();

  const pins = page.getByRole('button', { name: /^Show photo:/ });
  await expect(pins).toHaveCount(5);
  await pins.filter({ hasText: '' }).nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Unit 104: Bathroom plumbing wall' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('PEX manifold to the shower valve')).toBeVisible();

  // Managers place their own close-ups where the view points, edit and remove them.
  const caption = `Valve tag ${Date.now() % 100000}`;
  await dialog.getByRole('button', { name: 'Add close-up here' }).click();
  const addCloseUp = page.getByRole('dialog', { name: 'Add close-up' });
  // Where it goes, in plain words: no "pitch" or "yaw".
  await expect(
    addCloseUp.getByText(
      /^Placed where the 360° view points now \((straight ahead|\d+° (left|right)), (level|\d+° (up|down))\)\.$/,
    ),
  ).toBeVisible();
  await addCloseUp.locator('input[type="file"]').setInputFiles({
    name: 'tag.png',
    mimeType: 'image/png',
    buffer: gradientPng(48, 48),
  });
  await addCloseUp.getByLabel('Caption').fill(caption);
  await addCloseUp.getByRole('button', { name: 'Add close-up' }).click();
  await expect(addCloseUp).toBeHidden();
  await expect(dialog.getByRole('button', { name: caption, exact: true })).toBeVisible();
  // Its caption changes in place; the list and the sphere's hotspot follow.
  const renamed = `${caption} (replaced)`;
  await dialog.getByRole('button', { name: `Edit caption: ${caption}` }).click();
  const captionDialog = page.getByRole('dialog', { name: 'Edit close-up caption' });
  await captionDialog.getByLabel('Caption').fill(renamed);
  await captionDialog.getByRole('button', { name: 'Save caption' }).click();
  await expect(captionDialog).toBeHidden();
  await expect(dialog.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: `Move close-up here: ${renamed}` }).click();
  await expect(page.getByText(`${renamed} moved here.`)).toBeVisible();
  await dialog.getByRole('button', { name: `Delete close-up: ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Delete close-up' }).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The pin also chose the photo in the carousel below the plan.
  await expect(page.getByText('2 of 5 · Unit 104')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  await expect(page.getByText('Click the red buttons to show photos')).toBeHidden();
});

test("the page loads the viewer's three static files by content version and carries the CSRF meta tag", async ({
  page,
  context,
}) => {
  const loaded = recordViewerFiles(page);
  // A first visit's answers, not the browser cache's revalidation of the beforeEach visit.
  await (await context.newCDPSession(page)).send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.reload();
  await expect(page.getByRole('button', { name: /^Show photo:/ })).toHaveCount(5);
  expect([...loaded.keys()].sort()).toEqual(Object.values(VIEWER_ASSETS).sort());
  for (const [path, response] of loaded) {
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe(
      path.endsWith('.css') ? 'text/css; charset=utf-8' : 'application/javascript; charset=utf-8',
    );
    // Asked by content version, so the browser may keep it for a year.
    expect(new URL(response.url()).searchParams.get('v'), path).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
  }
  // The meta tag holds this session's CSRF token, which the viewer's own writes send.
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value;
  expect(csrf).toBeTruthy();
  await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', csrf!);
});

test('a polygon is measured, copied, kept for the team and deleted', async ({ page }) => {
  const name = `Lobby ${Date.now()}`;
  await page.getByRole('button', { name: 'Measure' }).click();
  await expect(page.getByRole('radio', { name: 'Measure mode' })).toBeChecked();
  await clickPlan(page, [
    [0.3, 0.3],
    [0.6, 0.3],
    [0.6, 0.6],
    [0.3, 0.6],
  ]);
  const coordinates = page.getByRole('region', { name: 'Polygon Coordinates' });
  await expect(coordinates.getByRole('row')).toHaveCount(5);
  // The points' columns in plain words, not "x (px)" and "y (px)".
  await expect(coordinates.getByRole('columnheader')).toHaveText(['Point', 'From left', 'From top']);
  await expect(
    coordinates.getByText('Each point is measured in pixels from the top-left corner of the plan image.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close polygon' }).click();
  await expect(coordinates.getByText(/^Area [\d,.]+ sq ft · Perimeter [\d,.]+ ft · 4 points$/)).toBeVisible();

  await coordinates.getByRole('button', { name: 'Copy Coordinates' }).click();
  await expect(coordinates.getByRole('button', { name: 'Copied' })).toBeVisible();
  // The test project has no DOM types: the browser's clipboard is reached through a narrow cast.
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  const lines = copied.split('\n');
  expect(lines[0]).toBe('x_px,y_px,x_ft,y_ft');
  expect(lines).toHaveLength(5);

  await coordinates.getByLabel('Name').fill(name);
  const keepCall = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/layouts\/\d+\/polygons\/$/.test(request.url()),
  );
  await coordinates.getByRole('button', { name: 'Keep polygon' }).click();
  // The viewer's init script sent it, with the page's CSRF meta tag (the app's client sends a Bearer token).
  const headers = await (await keepCall).allHeaders();
  expect(headers['x-csrftoken']).toBe(await page.locator('meta[name="csrf-token"]').getAttribute('content'));
  expect(headers.authorization).toBeUndefined();
  const list = page.getByRole('region', { name: 'Polygons' });
  await expect(list.getByText(name)).toBeVisible();

  // Kept on the server: it is there after a reload, for anyone on the team.
  await page.reload();
  await expect(list.getByText(name)).toBeVisible();
  await list.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete polygon' }).getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText(name)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  await expect(list.getByText(name)).toBeHidden();
});

test('the documentation links of a property reach their sections', async ({ page }) => {
  await page.goto('/property-manager/documentation');
  const card = page.getByRole('article').first();
  await card.getByRole('link', { name: 'Thermal' }).click();
  await expect(page).toHaveURL(/\/asbuilds#thermal$/);
  await expect(page.getByRole('heading', { name: 'Thermal' })).toBeInViewport();
});

test('a manager adds a layout, calibrates it, pins a photo on it and deletes it', async ({ page }) => {
  const name = `Level ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.getByRole('menuitem', { name: 'Add layout' }).click();
  const addLayout = page.getByRole('dialog', { name: 'Add layout' });
  await addLayout.getByRole('button', { name: 'Add layout' }).click();
  await expect(addLayout.getByText('This field is required.')).toBeVisible();
  await addLayout.getByLabel('Name').fill(name);
  await addLayout.locator('input[type="file"]').setInputFiles({
    name: 'plan.png',
    mimeType: 'image/png',
    buffer: gradientPng(400, 300),
  });
  await addLayout.getByRole('button', { name: 'Add layout' }).click();
  await expect(addLayout).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue(name);
  await expect(page.getByText(`${name}: 400 × 300 px · not calibrated, measures in pixels`)).toBeVisible();

  // Calibrate from a line: two points 50% of the plan's width apart = 200 px, said to be 20 ft.
  await page.getByRole('button', { name: 'Measure' }).click();
  const plan = page.getByRole('application');
  await plan.scrollIntoViewIfNeeded();
  // The plan fits the stage, centred: image pixel (x, y) on screen.
  const onPlan = async (x: number, y: number) => {
    const box = (await plan.boundingBox())!;
    const fit = Math.min(box.width / 400, box.height / 300);
    return {
      x: box.x + (box.width - 400 * fit) / 2 + x * fit,
      y: box.y + (box.height - 300 * fit) / 2 + y * fit,
    };
  };
  for (const x of [100, 300]) {
    const at = await onPlan(x, 150);
    await page.mouse.click(at.x, at.y);
  }
  await page.getByLabel('Real length of this line (ft)').fill('20');
  await page.getByRole('button', { name: 'Set scale' }).click();
  await expect(page.getByText(/^Level \d+: 400 × 300 px · 1 px = 0\.1\d* ft$/)).toBeVisible();

  await page.getByRole('button', { name: 'Hide measure tools' }).click();
  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.getByRole('menuitem', { name: 'Add in-wall photo' }).click();
  await expect(page.getByText('Click the plan where the new photo was taken.')).toBeVisible();
  const spot = await onPlan(200, 225);
  await page.mouse.click(spot.x, spot.y);
  const addPhoto = page.getByRole('dialog', { name: 'Add in-wall photo' });
  await addPhoto.locator('input[type="file"]').setInputFiles({
    name: 'wall.png',
    mimeType: 'image/png',
    buffer: gradientPng(64, 32),
  });
  await addPhoto.getByLabel('Caption').fill('North wall conduit');
  await addPhoto.getByLabel('360° photo (equirectangular)').uncheck();
  await addPhoto.getByRole('button', { name: 'Add photo' }).click();
  await expect(addPhoto).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show photo: North wall conduit' })).toBeVisible();
  await expect(page.getByText('1 of 1')).toBeVisible();

  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.getByRole('menuitem', { name: 'Delete layout' }).click();
  await page.getByRole('dialog', { name: 'Delete layout' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  await page.getByRole('combobox', { name: 'Layout' }).click();
  await expect(page.getByRole('option', { name })).toHaveCount(0);
});
