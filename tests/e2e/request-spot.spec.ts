import { expect, test } from '@playwright/test';
import { signInUnderServiceWorker } from './support/offline.ts';
import { createRequestWithSpot, keepJobThenOffline, planReady } from './support/request-spot.ts';

// a request pinned on the floor plan, and "What is behind this wall" for the vendor,
// online and kept for the field.

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });

test('a manager pins a request on the plan; the vendor sees the spot and the photos behind it, offline too', async ({
  browser,
  page,
  context,
}) => {
  const description = `Water stain spreading on the ceiling by the kitchen (e2e ${Date.now()})`;
  let requestId = 0;

  await test.step('the manager marks the spot and the area on the full create page', async () => {
    requestId = await createRequestWithSpot(browser, description);
  });

  let nearest = '';
  await test.step('the vendor opens it: the spot on the plan and the nearest 360° photo', async () => {
    await signInUnderServiceWorker(page);
    const detail = await (await page.request.get(`/api/requests/${requestId}/`)).json();
    expect(detail.spot.area).toHaveLength(3);
    expect(detail.spot.behind_wall).toHaveLength(3);
    nearest = detail.spot.behind_wall[0].caption;
    // A first visit is rendered by the server, the plan's section included (the page's HTML asked
    // past the service worker, with the time zone cookie the app sets).
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'fieldbid_tz'))
      .toBe(true);
    const html = await (await page.request.get(`/vendor/requests/${requestId}`)).text();
    expect(html).toContain(`data-prerendered="/vendor/requests/${requestId}"`);
    expect(html).toContain('Location on the floor plan');
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
    await keepJobThenOffline(page, context, requestId, async (section) => {
      await expect(section.getByRole('button', { name: `Open 360° photo: ${nearest}` })).toBeVisible();
      await expect(section.getByText(nearest)).toBeVisible();
    });
  });
});
