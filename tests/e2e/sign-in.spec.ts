import { type APIRequestContext, expect, test } from '@playwright/test';
import { postJson } from './support/api-session.ts';
import { LoginPage, openSignedIn } from './support/login-page.ts';

test.describe('signing in as each demo role', () => {
  test('the vendor lands on the vendor dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('vendor@demo.local');
    // The toast closes itself after 5 s, so it is checked before the dashboard, which may take longer.
    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Vendor Portal' })).toBeVisible();
  });

  test('the property manager lands on the manager dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('manager@demo.local');
    await expect(page).toHaveURL(/\/property-manager\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Property Manager Portal' })).toBeVisible();
  });

  test('staff land on the admin site', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin@demo.local');
    // /admin/ opens the console's first section.
    await expect(page).toHaveURL(/\/admin\/applications$/);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Applications', level: 2 })).toBeVisible();
  });

  test('a wrong password shows the server message in a red alert', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('vendor@demo.local', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in visitor opening /login is sent to their dashboard at once', async ({ page }) => {
    await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/property-manager\/dashboard$/);
  });

  test('logout ends the session: guarded pages ask for login again', async ({ page }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const status = await page.request.get('/api/users/auth-status/');
    expect((await status.json()).isAuthenticated).toBe(false);
    await page.goto('/vendor/bids');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('guards', () => {
  test('a visitor is sent to login and comes back to the page asked for', async ({ page }) => {
    await page.goto('/vendor/bids');
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).signIn('vendor@demo.local');
    await expect(page).toHaveURL(/\/vendor\/bids$/);
  });

  test('a vendor opening a manager page goes to the vendor dashboard', async ({ page }) => {
    await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
    await page.goto('/property-manager/maintenance');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  });

  test('a manager opening a vendor page goes to the manager dashboard', async ({ page }) => {
    await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
    await page.goto('/vendor/jobs');
    await expect(page).toHaveURL(/\/property-manager\/dashboard$/);
  });

  test('staff may enter both portals', async ({ page }) => {
    await openSignedIn(page, 'admin@demo.local', '/admin/applications');
    await page.goto('/vendor/jobs');
    await expect(page).toHaveURL(/\/vendor\/jobs$/);
    await page.goto('/property-manager/maintenance');
    await expect(page).toHaveURL(/\/property-manager\/maintenance$/);
  });
});

test('an unknown path goes to the landing page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('the sign-up chooser leads to both applications', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: /Property Manager/ }).click();
  await expect(page).toHaveURL(/\/property-manager-application$/);
  await page.goto('/signup');
  await page.getByRole('link', { name: /Vendor/ }).click();
  await expect(page).toHaveURL(/\/vendor-application$/);
});

/** A manager account with a password and its email not yet confirmed, made through the public calls. */
async function unconfirmedManager(request: APIRequestContext, email: string, password: string) {
  const base = '/api/property-manager-applications';
  await postJson(request, `${base}/save_building_info/`, {
    building_name: 'Elm Court',
    building_address: '4 Elm St, Denver, CO',
    office_phone: '3035550140',
    ein: '123456781',
    total_employees: 5,
  });
  await postJson(request, `${base}/save_admin_contact/`, {
    first_name: 'Eli',
    last_name: 'Elm',
    email,
    phone: '3035550141',
    job_title: 'Owner',
  });
  await postJson(request, `${base}/save_company_info/`, {
    company_name: 'Elm Holdings',
    company_address: '4 Elm St, Denver, CO',
  });
  const submitted = await postJson(request, `${base}/submit/`, {});
  const { redirect_url } = (await submitted.json()) as { redirect_url: string };
  const success = await request.get(
    `/api${redirect_url.replace('/property-manager-application', '/property-manager-applications')}/`,
  );
  const { password_token } = (await success.json()) as { password_token: string };
  await postJson(request, '/api/users/set-password/', { token: password_token, password });
}

test('an unconfirmed email at login offers to resend the confirmation link', async ({ page, playwright }) => {
  const email = `elm.${Date.now()}@example.com`;
  const applicant = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await unconfirmedManager(applicant, email, 'elm-pass-1234');
  } finally {
    await applicant.dispose();
  }
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, 'elm-pass-1234');
  const alert = page.getByRole('alert').filter({ hasText: 'Please confirm your email address' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Confirmation email sent. Please check your inbox.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
