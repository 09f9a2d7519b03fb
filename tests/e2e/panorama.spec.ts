import { expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/gradient-png.ts';

const viewer = (page: Page) => page.getByRole('application', { name: '360° view of the demo room' });

async function openPanorama(page: Page) {
  await page.goto('/panorama');
  await expect(page.getByRole('heading', { level: 1, name: 'Panorama demo' })).toBeVisible();
  // data-ready: the picture is loaded onto the sphere (WebGL runs on SwiftShader in headless Chromium).
  await expect(viewer(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

test.describe('panorama demo', () => {
  // Each test loads the three.js chunk cold and draws with software WebGL (SwiftShader) while the
  // other worker does the same on the two shared cores: a first load can take 10-20 s.
  test.describe.configure({ timeout: 120_000 });

  test('places a photo at the view centre, keeps it over a reload, shows it, and resets', async ({
    page,
  }) => {
    await openPanorama(page);
    await expect(viewer(page).locator('canvas')).toBeVisible();
    await expect(page.getByText('No photos placed yet.')).toBeVisible();

    // Turn the view 30° to the right with the keyboard, then add the photo there.
    await viewer(page).focus();
    for (let i = 0; i < 6; i++) await viewer(page).press('ArrowRight');
    await expect(page.getByText('Centre: 30° right, level.')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: gradientPng(1600, 800) });

    const marker = viewer(page).getByRole('button', { name: 'Photo 1', exact: true });
    await expect(marker).toBeVisible();
    // The marker sits where the view centre was: the middle of the viewer.
    const [markerBox, viewerBox] = [await marker.boundingBox(), await viewer(page).boundingBox()];
    expect(
      Math.abs(markerBox!.x + markerBox!.width / 2 - (viewerBox!.x + viewerBox!.width / 2)),
    ).toBeLessThan(3);
    await expect(page.getByRole('button', { name: 'Photo 1 (30° right, level)' })).toBeVisible();

    await page.reload();
    await expect(viewer(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Photo 1 (30° right, level)' })).toBeVisible();
    // A fresh view faces yaw 0; yaw 30° is still within the picture, so the marker shows.
    await viewer(page).getByRole('button', { name: 'Photo 1', exact: true }).click();

    const modal = page.getByRole('dialog', { name: 'Photo 1' });
    const photo = modal.getByRole('img', { name: /^Photo 1, placed at 30° right, level/ });
    await expect(photo).toBeVisible();
    // Downsized in the browser: a JPEG no longer than 1024 px.
    const { src, width, height } = await photo.evaluate((node) => {
      const image = node as unknown as { src: string; naturalWidth: number; naturalHeight: number };
      return { src: image.src, width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect([width, height]).toEqual([1024, 512]);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: 'Reset All Photos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset all photos?' });
    await expect(confirm).toContainText('This removes the photo placed on the panorama');
    await confirm.getByRole('button', { name: 'Remove all photos' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No photos placed yet.')).toBeVisible();
    await expect(viewer(page).getByRole('button', { name: 'Photo 1', exact: true })).toHaveCount(0);

    await page.reload();
    await expect(page.getByText('No photos placed yet.')).toBeVisible();
  });

  test('refuses a file that is not a picture and says so', async ({ page }) => {
    await openPanorama(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(page.getByRole('alert')).toContainText('"notes.png" is not a picture this browser can open');
    await expect(page.getByText('No photos placed yet.')).toBeVisible();
  });

  test('tells the user when the storage is full and the photo was not kept', async ({ page }) => {
    // Storage that refuses every write, as a full quota does.
    await page.addInitScript(() => {
      const storage = (globalThis as unknown as { Storage: { prototype: { setItem: unknown } } }).Storage;
      storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await openPanorama(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: gradientPng(200, 100) });
    await expect(page.getByRole('alert')).toContainText("The photo was not kept: this browser's storage");
    await expect(page.getByText('No photos placed yet.')).toBeVisible();
  });
});
