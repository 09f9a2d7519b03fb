import { expect, type Locator, type Page } from '@playwright/test';

/** A Mantine Select or MultiSelect: open it by its label and pick the option. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The shared request detail page (both roles), as the lifecycle test drives it. */
export class RequestDetailPage {
  constructor(private readonly page: Page) {}

  async goto(area: 'vendor' | 'property-manager', requestId: number): Promise<void> {
    await this.page.goto(`/${area}/requests/${requestId}`);
    await expect(this.page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
  }

  status(label: string): Locator {
    return this.page.getByText(label, { exact: true }).first();
  }

  /** The History card's step titles, oldest first. */
  timeline(): Locator {
    return this.page.locator('.mantine-Timeline-itemTitle');
  }
}

/** A tiny valid PNG (1×1), as a job photo. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
