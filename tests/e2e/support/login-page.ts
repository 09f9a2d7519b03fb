import { expect, type Page } from '@playwright/test';

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
