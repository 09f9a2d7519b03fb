import { expect, type Page } from '@playwright/test';
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

/**
 * Starts a test already signed in, then opens `path`. The session comes from the login call in the
 * page's own context (its cookies are the browser's) and the token is stored as the login screen
 * stores it: the login screen has tests of its own, and skipping it saves a page load per test.
 */
export async function openSignedIn(
  page: Page,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const answer = await postJson(page.request, '/api/users/login/', { email, password });
  const { token } = (await answer.json()) as { token: string };
  // Any same-origin document gives access to the app's storage; the health answer is the lightest.
  await page.goto('/api/health/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}
