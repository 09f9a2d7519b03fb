import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectProblems } from './support/page-problems.ts';

// The landing page's contact form takes typing before the page's scripts run; the app takes the page
// over in place: the same input elements, with what was typed in them and in the form's state.

/**
 * Holds every script of the page until `release` is called: the prerendered HTML shows and takes
 * typing, and nothing of the app has run yet.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page's HTML without waiting for its (held) scripts, which hold back DOMContentLoaded. */
async function openHeld(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
}

/** Marks the field's element, so the test can tell whether the app kept it or made a new one. */
async function markElement(field: Locator, mark: string): Promise<void> {
  await field.evaluate((node, name) => {
    (node as unknown as Record<string, boolean>)[name] = true;
  }, mark);
}

function isMarked(field: Locator, mark: string): Promise<boolean> {
  return field.evaluate((node, name) => (node as unknown as Record<string, boolean>)[name] === true, mark);
}

test('text typed into the landing page contact form before the app starts is kept, and sent', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const typed = {
    Name: 'Dana Whitfield',
    Email: 'dana@summitpm.com',
    Phone: '(303) 555-0199',
    Message: 'We manage 40 buildings in Denver.',
  };
  for (const [label, text] of Object.entries(typed)) {
    const field = form.getByRole('textbox', { name: label });
    await field.pressSequentially(text);
    await markElement(field, 'typedBeforeHydration');
  }
  // Typed while no script of the page had run.
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  // The page is the app's once its buttons take clicks (inert until then), the form's too.
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  const send = form.getByRole('button', { name: 'Send Message' });
  for (const [label, text] of Object.entries(typed)) {
    const field = form.getByRole('textbox', { name: label });
    await expect(field).toHaveValue(text);
    expect(await isMarked(field, 'typedBeforeHydration'), `${label} is the prerendered element`).toBe(true);
  }

  // The form's own state has the typed text: it sends it.
  await page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: 'Necessary Only' })
    .click();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
  await send.click();
  const body = (await sent).postData() ?? '';
  for (const text of Object.values(typed)) expect(body).toContain(text);
  await expect(page.getByText("Your message has been sent. We'll get back to you soon!")).toBeVisible();

  // React reports a mismatch when it commits the hydrated tree, long before the message was sent
  // (the buttons took clicks); one more frame lets any late report in. Not networkidle: the landing
  // page's own requests need not leave it on a busy machine.
  await page.evaluate(
    () =>
      new Promise<null>((resolve) => {
        // The test project has no DOM types: the browser's global through a narrow cast.
        const browser = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
        browser.requestAnimationFrame(() => resolve(null));
      }),
  );
  expect(problems).toEqual([]);
});

/** A field by its label's text, which ends in the required mark's asterisk. */
const fieldLabelled = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/**
 * Types each text into its field of the held page, marking the element; the page's scripts have not run.
 */
async function typeWhileHeld(page: Page, scope: Locator, typed: Record<string, string>): Promise<void> {
  for (const [label, text] of Object.entries(typed)) {
    const field = fieldLabelled(scope, label);
    await field.pressSequentially(text);
    await markElement(field, 'typedBeforeHydration');
  }
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
}

/** Once the app has taken the page over, every field is the element typed into, and holds its text. */
async function expectKept(page: Page, scope: Locator, typed: Record<string, string>): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  for (const [label, text] of Object.entries(typed)) {
    const field = fieldLabelled(scope, label);
    await expect(field).toHaveValue(text);
    expect(await isMarked(field, 'typedBeforeHydration'), `${label} is the prerendered element`).toBe(true);
  }
}

test('the email and password typed into /login before the app starts are kept, and sign in', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/login');
  // The Login button is inert (out of the accessibility tree) until the app takes over.
  const form = page.locator('#root form');
  const typed = { Email: 'vendor@demo.local', Password: 'demo12345' };
  await typeWhileHeld(page, form, typed);
  // Enter before the app took over submits nothing: no page load, no password in the address.
  await fieldLabelled(form, 'Password').press('Enter');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expectKept(page, form, typed);

  // The form's own state has the typed text: the sign-in uses it.
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/vendor/dashboard');
  // The dashboard is rendered by the app on the client (no hydration): the state to wait for is its
  // figures shown, not a quiet network, which the dashboard's own requests may never leave.
  await expect(page.getByRole('navigation', { name: 'Vendor Portal' })).toBeVisible();
  await expect(page.getByText('Total Earnings')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading dashboard' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the email typed into /reset-password before the app starts is kept, and asks for the link', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/reset-password');
  const form = page.locator('#root form');
  const typed = { Email: 'vendor@demo.local' };
  await typeWhileHeld(page, form, typed);
  // Enter before the app took over sends nothing and puts nothing in the address.
  await fieldLabelled(form, 'Email').press('Enter');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expectKept(page, form, typed);
  const asked = page.waitForRequest(
    (request) => request.url().includes('/api/') && request.method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  expect((await asked).postData() ?? '').toContain('vendor@demo.local');
  await expect(
    page.getByText('If an account exists with this email, you will receive password reset instructions.'),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('text typed into the first step of the vendor application before the app starts is kept', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/vendor-application');
  const step = page.locator('#root');
  const typed = { 'Vendor Name': 'Front Range Plumbing', EIN: '12-3456789', 'First Name': 'Dana' };
  await typeWhileHeld(page, step, typed);

  release();
  await expectKept(page, step, typed);
  // The form's state has it too: Next finds the typed fields filled, only the rest missing.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(fieldLabelled(step, 'Last Name')).toHaveAttribute('aria-invalid', 'true');
  for (const label of Object.keys(typed)) {
    await expect(fieldLabelled(step, label)).not.toHaveAttribute('aria-invalid', 'true');
  }
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('text typed into the first step of the manager application before the app starts is kept', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/property-manager-application');
  const step = page.locator('#root');
  const typed = { 'Building Name': 'Maple Court', 'Building Address': '12 Maple St, Denver, CO' };
  await typeWhileHeld(page, step, typed);

  release();
  await expectKept(page, step, typed);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(fieldLabelled(step, 'EIN')).toHaveAttribute('aria-invalid', 'true');
  for (const label of Object.keys(typed)) {
    await expect(fieldLabelled(step, label)).not.toHaveAttribute('aria-invalid', 'true');
  }
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('typing on while the app takes /login over keeps every field, and signs in', async ({ page }) => {
  const problems = collectProblems(page);
  // A slower CPU (as a mid-range phone's) makes the hydration last over several keystrokes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = await holdScripts(page);
  await openHeld(page, '/login');
  const form = page.locator('#root form');
  const email = fieldLabelled(form, 'Email');
  const password = fieldLabelled(form, 'Password');
  await email.pressSequentially('vendor@demo.local');
  await markElement(email, 'typedBeforeHydration');
  await markElement(password, 'typedBeforeHydration');

  // A key pressed while React hydrates makes it finish at once and render the form with its state:
  // keys go on being pressed, one at a time, until the app has taken the page over.
  release();
  let typed = '';
  while ((await page.locator('html[data-app-ready]').count()) === 0 && typed.length < 400) {
    const key = String(typed.length % 10);
    await password.press(key);
    typed += key;
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expectKept(page, form, { Email: 'vendor@demo.local', Password: typed });

  await password.fill('demo12345');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/vendor/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});
