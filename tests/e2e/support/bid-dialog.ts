import { expect, type Locator, type Page } from '@playwright/test';

/** The bid dialog (src/app/bids/bid-dialog.tsx) as the browser tests drive it. */
export class BidDialog {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('dialog');
  }

  async expectTitle(requestId: number): Promise<void> {
    await expect(
      this.root.getByRole('heading', { name: `Submit Bid for Request #${requestId}` }),
    ).toBeVisible();
  }

  /** Fills every field; the start is the 15th of next month at the picker's default 9:00 AM. */
  async fill(values: { amount: string; time: string; unit: 'Hours' | 'Days' | 'Weeks'; notes: string }) {
    await this.root.getByLabel('Bid Amount').fill(values.amount);
    await this.root.getByLabel('Estimated Time').fill(values.time);
    await this.root.getByRole('combobox', { name: 'Time Unit' }).click();
    await this.page.getByRole('option', { name: values.unit }).click();
    await this.pickStartDate();
    await this.root.getByLabel('Notes').fill(values.notes);
  }

  /** The 15th of next month, at the picker's default 9:00 AM. */
  async pickStartDate(): Promise<void> {
    await this.root.getByRole('button', { name: 'Proposed Start Date' }).click();
    await this.page.getByRole('button', { name: 'Next month' }).click();
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const month = next.toLocaleString('en-US', { month: 'long' });
    await this.page.getByRole('button', { name: `15 ${month} ${next.getFullYear()}` }).click();
    await this.page.getByRole('button', { name: 'Confirm date and time' }).click();
  }
}
