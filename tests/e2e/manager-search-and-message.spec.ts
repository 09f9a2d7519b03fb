import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

/**
 * The manager's top-bar search filters Maintenance Requests (with a removable chip, as Available
 * Jobs has), and each bid on a request's detail links to the conversation with its vendor.
 */
test.beforeEach(async ({ page }) => {
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
});

test('the top bar search filters Maintenance Requests until its chip is removed', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('leaking');
  await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter');
  await expect(page).toHaveURL(/\/property-manager\/maintenance\?search=leaking$/);
  const chip = page.getByLabel('Active filters').getByText('Search: leaking');
  await expect(chip).toBeVisible();
  const summary = page.getByText(/^Showing \d+ of \d+ requests$/);
  await expect(summary).toBeVisible();
  const matched = Number((await summary.textContent())?.match(/of (\d+)/)?.[1]);
  // The demo seed's leaking sink is among the matches; every row shown is about a leak.
  expect(matched).toBeGreaterThan(0);
  await expect(page.getByRole('cell', { name: /Kitchen sink is leaking/ })).toBeVisible();

  // The chip's remove button is a real button, reached and pressed from the keyboard.
  const remove = page.getByRole('button', { name: 'Remove Search: leaking' });
  await remove.focus();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/property-manager\/maintenance$/);
  await expect(chip).toBeHidden();
  await expect
    .poll(async () => Number((await summary.textContent())?.match(/of (\d+)/)?.[1]))
    .toBeGreaterThan(matched);
});

test("a bid's 'Message this vendor' link opens the thread with that vendor", async ({ page }) => {
  // An open demo request with bids from two vendors (parallel tests add requests, so look it up).
  const list = (await (
    await page.request.get('/api/property-manager/maintenance-requests/?status=open&page_size=100')
  ).json()) as { results: Array<{ id: number }> };
  let target: { id: number; bids: Array<{ vendor_id: number; vendor_name: string }> } | null = null;
  for (const item of list.results) {
    const detail = await (await page.request.get(`/api/requests/${item.id}/`)).json();
    if (detail.bids.length >= 2) {
      target = detail;
      break;
    }
  }
  if (!target) throw new Error('the demo seed needs an open request with two bids');
  // The second bidder: a thread with no messages yet opens as well.
  const bid = target.bids[1]!;

  await page.goto(`/property-manager/requests/${target.id}`);
  await expect(page.getByRole('heading', { name: `Maintenance Request #${target.id}` })).toBeVisible();
  const links = page.getByRole('link', { name: `Message ${bid.vendor_name}` });
  // One in the award card, one in the bidding section.
  await expect(links).toHaveCount(2);
  // The server rendered the page; it takes focus once the app has hydrated it (no longer inert):
  // focus(), unlike click(), does not wait for that.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await links.last().focus();
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(
    new RegExp(`/property-manager/messages\\?request=${target.id}&vendor=${bid.vendor_id}$`),
  );
  await expect(page.getByRole('heading', { name: new RegExp(`Request #${target.id}$`) })).toBeVisible();
  await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
});
