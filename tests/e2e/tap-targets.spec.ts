import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// A finger needs 44 CSS px each way; these are the controls a phone user met that were 17 to 28 px.
const FINGER = 44;

test.use({ viewport: { width: 375, height: 812 } });

async function expectFingerSized(target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.round(box!.width), `${what}: width`).toBeGreaterThanOrEqual(FINGER);
  expect(Math.round(box!.height), `${what}: height`).toBeGreaterThanOrEqual(FINGER);
}

/** An open job of the demo vendor's that it has not bid on yet, from the jobs list and details. */
async function unbidJobId(page: Page): Promise<number> {
  const list = await page.request.get('/api/vendor/jobs/?status=open&page_size=50');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { id: number; is_own_report?: boolean }[] };
  for (const job of results) {
    if (job.is_own_report) continue;
    const detail = await page.request.get(`/api/requests/${job.id}/`);
    const { bids, bidding_config } = (await detail.json()) as {
      bids: unknown[];
      bidding_config: { is_open_for_bids: boolean };
    };
    if (bidding_config.is_open_for_bids && bids.length === 0) return job.id;
  }
  throw new Error('The demo seed has no open job without a bid of the demo vendor.');
}

test('the bid dialog on a phone has no number steppers smaller than a finger', async ({ page }) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
  const id = await unbidJobId(page);
  await page.goto(`/vendor/requests/${id}`);
  await page.getByRole('button', { name: 'Bid', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Bid Amount')).toBeVisible();
  // Every button in the dialog, the steppers of the number fields included, is a finger wide and tall
  // or not there at all: the numeric keypad the field opens is the phone's way to enter a number.
  const amount = dialog.getByLabel('Bid Amount');
  await expect(amount).toHaveAttribute('inputmode', /numeric|decimal/);
  const steppers = dialog.locator('.mantine-NumberInput-control');
  for (const stepper of await steppers.all()) {
    if (await stepper.isVisible()) await expectFingerSized(stepper, 'number stepper');
  }
  await dialog.getByLabel('Estimated Time').fill('3');
  await expect(dialog.getByLabel('Estimated Time')).toHaveValue('3');
});

test('the notification settings checkboxes on a phone are a finger wide and tall', async ({ page }) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const push = page.getByRole('checkbox', { name: 'Push: Messages' });
  await expect(push).toBeAttached();
  const target = push.locator('xpath=ancestor::label[1]');
  await expectFingerSized(target, 'notification checkbox');
  // The whole target toggles it, not only the small box in its middle.
  const before = await push.isChecked();
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + 3, box.y + 3);
  await expect(push).toBeChecked({ checked: !before });
  await page.mouse.click(box.x + 3, box.y + 3);
  await expect(push).toBeChecked({ checked: before });
});

test('the 360° view zoom buttons on a phone are a finger wide and tall', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/panorama');
  const viewer = page.getByRole('application', { name: '360° view of the demo room' });
  await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expectFingerSized(viewer.getByRole('button', { name: 'Zoom in' }), 'zoom in');
  await expectFingerSized(viewer.getByRole('button', { name: 'Zoom out' }), 'zoom out');
});
