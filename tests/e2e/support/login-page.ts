import { type BrowserContext, expect, type Page } from '@playwright/test';
import { postJson } from './api-session.ts';

export const DEMO_PASSWORD = 'demo12345';

/** The login screen, as every browser test drives it. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(path = '/login'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Login' }).click();
  }
}

/** The app's "logged in" mark (public spec, section 4), as the login screen leaves it. */
declare const localStorage: { setItem(key: string, value: string): void };

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * The sessions this worker has signed in, by account: a test's fresh context takes the cookies and
 * token of the last one while the server still knows it (a test that logs out ends it, and the next
 * signs in again). A login hashes the password with the server's full scrypt cost, in every test.
 */
const sessions = new Map<string, { cookies: Cookies; token: string }>();

async function stillSignedIn(page: Page): Promise<boolean> {
  const status = await page.request.get('/api/users/auth-status/');
  return status.ok() && ((await status.json()) as { isAuthenticated?: unknown }).isAuthenticated === true;
}

/**
 * Signs the page's context in as `email` without the login screen: the session cookies come from the
 * login call in the page's own context (or this worker's earlier one for the same account), and the
 * token is stored as the login screen stores it. Leaves the page on a same-origin document.
 */
export async function startSession(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const key = `${email}\n${password}`;
  let kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept.cookies);
    if (!(await stillSignedIn(page))) kept = undefined;
  }
  if (!kept) {
    const answer = await postJson(page.request, '/api/users/login/', { email, password });
    const { token } = (await answer.json()) as { token: string };
    kept = { cookies: await page.context().cookies(), token };
    sessions.set(key, kept);
  }
  // Any same-origin document gives access to the app's storage; the health answer is the lightest.
  await page.goto('/api/health/');
  await page.evaluate((value) => localStorage.setItem('token', value), kept.token);
}

/**
 * Starts a test already signed in (startSession), then opens `path`: the login screen has tests of
 * its own, and skipping it saves a page load per test.
 */
export async function openSignedIn(
  page: Page,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await startSession(page, email, password);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}
