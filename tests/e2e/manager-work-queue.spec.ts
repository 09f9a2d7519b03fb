import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

/**
 * "Needs you" on the manager's dashboard (docs/decisions/manager-work-queue.md): the demo seed's
 * open requests with pending bids wait on the demo manager, and a row leads to the request.
 */
test('the demo manager sees what needs them and follows a "Bids to review" row to the request', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');

  const card = page.getByRole('region', { name: /^Needs you/ });
  await expect(card).toBeVisible();
  const bids = card.getByRole('region', { name: /^Bids to review/ });
  await expect(bids.getByRole('heading', { name: 'Bids to review', level: 3 })).toBeVisible();
  const rows = bids.getByRole('listitem');
  await expect(rows.first()).toBeVisible();

  const first = bids.getByRole('link').first();
  await expect(first).toContainText(/Review bids: Request #\d+/);
  await expect(first).toContainText(/\d+ bids? · first /);
  const requestId = (await first.textContent())?.match(/Request #(\d+)/)?.[1];
  expect(requestId).toBeDefined();

  // Reached and followed from the keyboard.
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/property-manager/requests/${requestId}`);
  await expect(page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
});
