import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiSignIn, csrfHeaders, postJson } from './support/api-session.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';
import { RequestDetailPage } from './support/request-pages.ts';

const DEMO_VENDOR = 'Peak Mechanical Services';

/** The demo vendor's bid: option 2, "Replace the section", at `second` dollars. */
const bidTerms = (second: number) => ({
  proposed_start_date: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
  notes: 'Two ways to fix it.',
  options: [
    { label: 'Patch', amount: 300, estimated_time: 1, estimated_time_unit: 'days' },
    { label: 'Replace the section', amount: second, estimated_time: 2, estimated_time_unit: 'days' },
  ],
});

async function vendorWrite(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  const response = await request.fetch(url, { method, data, headers: await csrfHeaders(request) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * The award pays what the manager saw: the vendor re-prices option 2 from $900 to $9,000 through the
 * API while the manager has the request open; the manager's Award of "$900" is refused, the dialog
 * shows the change, and the second confirm awards at $9,000. The bid then shows "Edited" with its
 * history.
 */
test('an award of a bid changed since the page opened shows the change and asks again', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const vendorContext = await browser.newContext();
  const vendor = vendorContext.request;
  let requestId = 0;

  await test.step('the manager raises a request and the demo vendor bids option 2 at $900', async () => {
    await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
    const projects = (await (await page.request.get('/api/user/projects/')).json()) as { id: number }[];
    const created = await postJson(page.request, '/api/requests/', {
      type: 'Plumbing',
      description: `Leaking pipe in the wall (e2e price lock ${Date.now()})`,
      project_id: projects[0]!.id,
    });
    requestId = ((await created.json()) as { id: number }).id;
    await apiSignIn(vendor, 'vendor@demo.local', DEMO_PASSWORD);
    await vendorWrite(vendor, 'POST', `/api/requests/${requestId}/bid/`, bidTerms(900));
  });

  const award900 = page.getByRole('button', {
    name: `Award option: Replace the section ($900) to ${DEMO_VENDOR}`,
  });
  await test.step('the manager opens it: option 2 at $900', async () => {
    await new RequestDetailPage(page).goto('property-manager', requestId);
    await expect(award900).toBeVisible();
  });

  await test.step('the vendor re-prices option 2 at $9,000 while the page is open', async () => {
    await vendorWrite(vendor, 'PUT', `/api/requests/${requestId}/bid/`, bidTerms(9000));
  });

  const changed = page.getByRole('dialog', { name: 'This bid changed since you opened it' });
  await test.step('Award of the $900 option shows the change instead of awarding', async () => {
    await award900.click();
    await page
      .getByRole('dialog', { name: 'Award this option?' })
      .getByRole('button', { name: 'Award', exact: true })
      .click();
    await expect(changed).toBeVisible();
    const row = changed.getByRole('row', { name: /Option 2 “Replace the section”/ });
    await expect(row.getByRole('cell').nth(0)).toHaveText('$900');
    await expect(row.getByRole('cell').nth(1)).toHaveText('$9,000');
    await expect(
      changed.getByText(`Award the job to ${DEMO_VENDOR}, option “Replace the section”, for $9,000?`),
    ).toBeVisible();
    // The page behind it shows the bid as it is now.
    await expect(
      page.getByRole('button', { name: `Award option: Replace the section ($9,000) to ${DEMO_VENDOR}` }),
    ).toBeAttached();
    const request = (await (await page.request.get(`/api/requests/${requestId}/`)).json()) as {
      status: string;
    };
    expect(request.status).toBe('open');
  });

  await test.step('the second confirm awards it at $9,000', async () => {
    await changed.getByRole('button', { name: 'Award at $9,000' }).click();
    await expect(changed).toBeHidden();
    await expect(page.getByText('In Progress', { exact: true }).first()).toBeVisible();
    const detail = (await (await page.request.get(`/api/requests/${requestId}/`)).json()) as {
      awarded_bid: { awarded_option: { position: number; amount: number } };
    };
    expect(detail.awarded_bid.awarded_option).toMatchObject({ position: 2, amount: 9000 });
  });

  await test.step('the bid shows "Edited" with what changed', async () => {
    await page.getByRole('button', { name: `Edited: what ${DEMO_VENDOR} changed` }).click();
    const history = page.getByRole('dialog', { name: `Changes to the bid from ${DEMO_VENDOR}` });
    const second = history.getByRole('listitem', { name: 'Version 2' });
    await expect(second.getByText(/^Version 2 · Changed .* by Peak Mechanical Services$/)).toBeVisible();
    const row = second.getByRole('row', { name: /Option 2 “Replace the section”/ });
    await expect(row.getByRole('cell').nth(0)).toHaveText('$900');
    await expect(row.getByRole('cell').nth(1)).toHaveText('$9,000');
    await expect(history.getByRole('listitem', { name: 'Version 1' })).toContainText('2 options, $300–$900');
  });
  await vendorContext.close();
});
