import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { openSignedIn } from './login-page.ts';
import { goOffline, goOnline } from './offline.ts';
import { chooseOption } from './request-pages.ts';

// a request pinned on the floor plan, as the browser tests make and read it.

export const SPOT_PROPERTY = 'Cherry Creek Lofts';
export const DEMO_VENDOR = 'Peak Mechanical Services';

// The browser globals page.evaluate runs against (this project is typed without the DOM library).
interface PlanImage {
  complete: boolean;
  naturalWidth: number;
}

/** A plan stage (the first one, or the one inside `scope`), once its image has loaded. */
export async function planReady(scope: Page | Locator): Promise<Locator> {
  const stage = scope.getByRole('application');
  await expect(stage).toBeVisible();
  await expect(stage.getByText('Loading the layout image')).toBeHidden();
  await expect(stage.getByText('The layout image could not be loaded.', { exact: false })).toHaveCount(0);
  return stage;
}

/** Waits until an image has really loaded (from the network or a kept copy), not a broken one. */
export async function imageLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() =>
      image.evaluate((node) => {
        const element = node as unknown as PlanImage;
        return element.complete && element.naturalWidth > 0;
      }),
    )
    .toBe(true);
}

/**
 * The demo manager raises a Plumbing request on the full create page with a spot and a three-corner
 * area in the middle of Level 1, inviting the demo vendor; answers the new request's id.
 */
export async function createRequestWithSpot(browser: Browser, description: string): Promise<number> {
  const managerContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const manager = await managerContext.newPage();
    await openSignedIn(manager, 'manager@demo.local', '/property-manager/dashboard');
    await manager.goto('/property-manager/maintenance/create');
    await chooseOption(manager, 'Property', SPOT_PROPERTY);
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
    for (const [dx, dy] of <Array<[number, number]>>[
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
    const requestId = Number(
      ((await manager.getByTestId('confirmation-number').textContent()) ?? '').replace(/^#/, ''),
    );
    expect(requestId).toBeGreaterThan(0);
    return requestId;
  } finally {
    await managerContext.close();
  }
}

/**
 * Keeps the job open on `page` for the field, then reloads it with the network off and runs
 * `check` on its "Location on the floor plan" section (the plan already loaded from the kept copy).
 */
export async function keepJobThenOffline(
  page: Page,
  context: BrowserContext,
  requestId: number,
  check: (section: Locator) => Promise<void>,
): Promise<void> {
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
    const section = page.getByRole('region', { name: 'Location on the floor plan' });
    await planReady(section);
    await check(section);
    // The photos came from the kept-files cache, not a broken image.
    await imageLoaded(section.locator('img').first());
  } finally {
    await goOnline(context);
  }
}
