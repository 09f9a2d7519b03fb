import { expect, type Locator, type Page } from '@playwright/test';

/** The landing page at /, as the browser tests drive it. */
export class LandingPage {
  constructor(private readonly page: Page) {}

  /** Opens the landing page and waits until its scripts run (its HTML shows the page before). */
  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(this.page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  }

  get cookieBanner(): Locator {
    return this.page.getByRole('region', { name: 'Cookie consent' });
  }

  get mainNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  get demoDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Request a Demo' });
  }

  get contactForm(): Locator {
    return this.page.getByRole('form', { name: 'Send us a message' });
  }

  section(id: string): Locator {
    return this.page.locator(`#${id}`);
  }

  /** Dismisses the cookie banner so it covers nothing the test clicks. */
  async acceptNecessaryCookies(): Promise<void> {
    await this.cookieBanner.getByRole('button', { name: 'Necessary Only' }).click();
    await expect(this.cookieBanner).toBeHidden();
  }

  async consentCookie(): Promise<
    { value: string; expires: number; sameSite: string; path: string } | undefined
  > {
    const cookies = await this.page.context().cookies();
    return cookies.find((cookie) => cookie.name === 'cookie-consent');
  }
}
