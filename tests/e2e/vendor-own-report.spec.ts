import { expect, test } from '@playwright/test';
import { postJson } from './support/api-session.ts';
import { openSignedIn } from './support/login-page.ts';

// A vendor's own report ("Trust, round two"): no vendor bids on work it reported itself, so the
// jobs list and the detail show "You reported this" where the Bid action would be, on a phone.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('a vendor’s own report shows “You reported this” and no Bid action, in the jobs list and the detail', async ({
  page,
}) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/jobs');
  // The demo vendor works on several properties (accepted bids): it reports on the first.
  const projects = (await (await page.request.get('/api/user/projects/')).json()) as Array<{ id: number }>;
  const words = `Wobbly banister finial ${Date.now()}`;
  const created = await postJson(page.request, '/api/requests/', {
    type: 'General Contractor',
    description: `${words} on the back stairs`,
    project_id: projects[0]!.id,
    invite_all: true,
  });
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/vendor/jobs?search=${encodeURIComponent(words)}`);
  const card = page.getByRole('article', { name: `Job #${id}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('You reported this', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Bid on job #${id}` })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
    .toBeLessThanOrEqual(375);

  await card.getByRole('link', { name: 'View Details' }).tap();
  await expect(page.getByRole('heading', { name: `Maintenance Request #${id}` })).toBeVisible();
  await expect(page.getByText('You reported this', { exact: true })).toBeVisible();
  // Held for the property's managers: the reporter is told so.
  await expect(page.getByText("The property's managers review it first", { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bid', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit my bid' })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'))
    .toBeLessThanOrEqual(375);
});
