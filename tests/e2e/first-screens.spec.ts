import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { apiSignIn, postJson } from './support/api-session.ts';
import { DEMO_PASSWORD, LoginPage, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';

// A new account's first screen says what happens next and offers the one useful step; staff see
// the answer to what they did as soon as the server gives it.

const PM_BASE = '/api/property-manager-applications';
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

/**
 * A property manager application through the wizard's calls: the applicant's set-password token.
 * The company and the manager's account exist from here on; the building does not yet.
 */
async function applyAsManager(
  request: APIRequestContext,
  names: { email: string; company: string; building: string },
): Promise<string> {
  await postJson(request, `${PM_BASE}/save_building_info/`, {
    building_name: names.building,
    building_address: '8 Terrace Rd, Denver, CO',
    office_phone: '3035550100',
    ein: '123456789',
    total_employees: 6,
  });
  await postJson(request, `${PM_BASE}/save_admin_contact/`, {
    first_name: 'Nora',
    last_name: 'New',
    email: names.email,
    phone: '3035550101',
    job_title: 'Director',
  });
  await postJson(request, `${PM_BASE}/save_company_info/`, {
    company_name: names.company,
    company_address: '9 Terrace Rd, Denver, CO',
    company_logo: '',
  });
  const submitted = await postJson(request, `${PM_BASE}/submit/`, {});
  const { redirect_url } = (await submitted.json()) as { redirect_url: string };
  const success = await request.get(
    `/api${redirect_url.replace('/property-manager-application/', '/property-manager-applications/')}/`,
  );
  expect(success.ok()).toBe(true);
  return ((await success.json()) as { password_token: string }).password_token;
}

/** The submitted manager application of `email`, as staff list it. */
async function applicationIdOf(staff: APIRequestContext, email: string): Promise<number> {
  const response = await staff.get('/api/admin/applications/managers/?status=submitted');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as { results: Array<{ id: number; email: string }> };
  const found = results.find((item) => item.email === email);
  expect(found, `the application of ${email}`).toBeDefined();
  return found!.id;
}

/** Until `release` is called, the page's GET requests matching `url` wait (the server is slow). */
async function holdGets(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  return release;
}

/** Opens `company` in the staff's client list (alphabetical, 10 a page), paging on until it shows. */
async function openClient(page: Page, company: string): Promise<void> {
  const button = page.getByRole('button', { name: company });
  for (let pageNumber = 2; pageNumber <= 6; pageNumber += 1) {
    await expect(page.getByRole('button', { name: /Holdings|Group|Residential/ }).first()).toBeVisible();
    if (await button.isVisible()) break;
    await page.getByRole('button', { name: `Page ${pageNumber}` }).click();
  }
  await button.click();
}

test('a new manager reads that the application is under review, then finds the building ready for a first request', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `first.manager.${Date.now()}@example.com`;
  const password = 'terrace-keys-784';
  const building = 'Maple Terrace';
  const staff = await browser.newContext();
  try {
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
    const token = await applyAsManager(page.request, { email, company: 'Terrace Holdings', building });

    // The password: a common one is refused under the field, in words.
    await page.goto(`/set-password/${token}`);
    const newPassword = page.getByRole('textbox', { name: 'New Password', exact: true });
    await newPassword.fill('Password123');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Password123');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(TOO_COMMON)).toBeVisible();
    // Under the field, not in the form's alert.
    await expect(page.getByRole('alert').filter({ hasText: TOO_COMMON })).toHaveCount(0);
    await newPassword.fill(password);
    await expect(page.getByText(TOO_COMMON)).toBeHidden();
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Set Successfully' })).toBeVisible();

    const link = await linkFromMail(staff.request, email, /\/confirm-email\?key=[^\s"<>]+/);
    const key = decodeURIComponent(link.slice(link.indexOf('key=') + 4));
    await postJson(page.request, '/api/users/confirm-email/', { key });

    // Under review: what happens next, how long, and the one step worth taking meanwhile.
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, password);
    await expect(page).toHaveURL(/\/property-manager\/dashboard$/);
    const underReview = page.getByRole('heading', { name: 'Your application is under review' });
    await expect(underReview).toBeVisible();
    await expect(page.getByText('usually within one business day').first()).toBeVisible();
    const steps = page.getByRole('list', { name: 'Your application' });
    await expect(steps.getByRole('listitem').filter({ hasText: building })).toContainText(
      'Added to your properties once your application is approved',
    );
    await expect(page.getByRole('link', { name: 'See the vendors on FieldBid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Maintenance Request' })).toHaveCount(0);
    await expect(page.getByText('No properties yet')).toHaveCount(0);

    // Staff approve: the building is the company's property, ready for the first request.
    const id = await applicationIdOf(staff.request, email);
    await postJson(staff.request, `/api/admin/applications/managers/${id}/approve/`, {});
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Properties Overview' })).toBeVisible();
    await expect(underReview).toBeHidden();
    await expect(page.getByText(building, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('8 Terrace Rd, Denver, CO').first()).toBeVisible();
    await expect(page.getByText('No recent requests')).toBeVisible();
    await page.getByRole('button', { name: 'Create your first maintenance request' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Maintenance Request' })).toBeVisible();
  } finally {
    await staff.close();
  }
});

test('a vendor with no job yet is pointed at Available Jobs, not at a request it has no property for', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A demo vendor that staff approved and that bids, but holds no awarded job: no property to report on.
  const email = 'marcus@rmheatingair.example';
  const password = 'heating-air-4821';
  const staff = await browser.newContext();
  const vendor = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  try {
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
    const users = await staff.request.get(`/api/admin/users/?search=${encodeURIComponent(email)}`);
    const { results } = (await users.json()) as { results: Array<{ id: number; email: string }> };
    const account = results.find((user) => user.email === email);
    expect(account, email).toBeDefined();
    await postJson(staff.request, `/api/admin/users/${account!.id}/send-password-reset/`, {});
    const link = await linkFromMail(staff.request, email, /\/reset-password-confirm\/[^\s"<>]+/);
    const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
    await postJson(vendor.request, '/api/users/reset-password-confirm/', { token, password });

    const page = await vendor.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, password);
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    const jobs = page.getByRole('main').getByRole('link', { name: 'Available Jobs', exact: true });
    await expect(jobs).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Request' })).toHaveCount(0);
    await jobs.click();
    await expect(page).toHaveURL(/\/vendor\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
  } finally {
    await vendor.close();
    await staff.close();
  }
});

test('staff read the success of an approval and of a new property as soon as the server answers', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `toast.${stamp}@example.com`;
  // Sorted after the demo client in the staff's client list, so the specs that open it on the
  // list's first page still find it there.
  const company = `Toast Holdings ${stamp}`;
  const applicant = await playwrightRequest.newContext({ baseURL });
  await applyAsManager(applicant, { email, company, building: 'Toast Court' });
  await applicant.dispose();

  await openSignedIn(page, 'admin@demo.local', '/admin/applications');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: company }).click();
  const drawer = page.getByRole('dialog', { name: company });
  await expect(drawer.getByText('Toast Court')).toBeVisible();

  // The list is slow to come back: the toast does not wait for it.
  const releaseList = await holdGets(page, /\/api\/admin\/applications\/managers\/\?/);
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved; the applicant was mailed.')).toBeVisible();
  await expect(drawer.getByText('Approved', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  releaseList();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();

  // The approval made the building the client's property; staff add another one.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('link', { name: 'Clients & properties' }).click();
  await expect(page.getByRole('heading', { name: 'Clients & properties' })).toBeVisible();
  await openClient(page, company);
  const client = page.getByRole('dialog', { name: company });
  await expect(client.getByText('Toast Court')).toBeVisible();
  await client.getByRole('button', { name: 'Create property' }).click();
  const dialog = page.getByRole('dialog', { name: 'New property' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Toast Annex');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('10 Terrace Rd, Denver, CO');
  const releaseClient = await holdGets(page, /\/api\/admin\/clients\/\d+\/$/);
  await dialog.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText('Property Toast Annex created.')).toBeVisible();
  await expect(dialog).toBeHidden();
  releaseClient();
  await expect(client.getByText('Toast Annex')).toBeVisible();
});
