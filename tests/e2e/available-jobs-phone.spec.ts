import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('on a phone the Available Jobs sort box shows its whole choice', async ({ page }) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/jobs');
  const sort = page
    .getByRole('textbox', { name: 'Sort jobs' })
    .or(page.getByRole('combobox', { name: 'Sort jobs' }));
  await expect(sort).toHaveValue('Default (status, newest)');
  // The text fits the box: nothing scrolled out of sight to the right.
  const { scrollWidth, clientWidth } = await sort.evaluate((node) => ({
    scrollWidth: (node as unknown as { scrollWidth: number }).scrollWidth,
    clientWidth: (node as unknown as { clientWidth: number }).clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // And the box with the Filters button still fits the screen.
  const box = (await sort.boundingBox())!;
  const filters = (await page.getByRole('button', { name: 'Filters' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(filters.x + filters.width).toBeLessThanOrEqual(375);
});
