import { expect, type Page } from '@playwright/test';

export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** The local payment provider's checkout page (/checkout/<id>), served by the server itself. */
export class CheckoutPage {
  constructor(private readonly page: Page) {}

  async expectOpen(amount: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/cs_local_[\w-]+$/);
    await expect(this.page.getByRole('heading', { name: 'FieldBid vendor subscription' })).toBeVisible();
    await expect(this.page.getByText(amount).first()).toBeVisible();
  }

  async pay(card: string): Promise<void> {
    await this.page.getByLabel('Name on card').fill('Sam Ortiz');
    await this.page.getByLabel('Card number').fill(card);
    await this.page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await this.page.getByLabel('CVC').fill('123');
    await this.page.getByRole('button', { name: /^Pay / }).click();
  }
}
