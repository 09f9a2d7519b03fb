import { expect, type Locator, type Page } from '@playwright/test';

export interface VendorCompany {
  vendorName: string;
  totalEmployees: string;
  ein: string;
  address: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  phone: string;
  email: string;
  industry: string;
}

/** The vendor application wizard at /vendor-application, as the browser tests drive it. */
export class VendorApplicationPage {
  constructor(private readonly page: Page) {}

  /** From the sign-up chooser, as a visitor arrives. */
  async startFromSignup(): Promise<void> {
    await this.page.goto('/signup');
    await this.page.getByRole('link', { name: /^Vendor/ }).click();
    await expect(this.page).toHaveURL(/\/vendor-application$/);
    await expect(this.page.getByRole('heading', { name: 'Vendor Application' })).toBeVisible();
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: false });
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
  }

  /** Each message is on screen exactly once. */
  async expectMessagesOnce(messages: readonly string[]): Promise<void> {
    for (const message of messages) {
      await expect(this.page.getByText(message, { exact: true }), message).toHaveCount(1);
      await expect(this.page.getByText(message, { exact: true })).toBeVisible();
    }
  }

  private async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillCompany(company: VendorCompany): Promise<void> {
    await this.field('Vendor Name').fill(company.vendorName);
    await this.field('Total Employees').fill(company.totalEmployees);
    await this.field('EIN').fill(company.ein);
    await this.choose('Registered State', 'Colorado (CO)');
    await this.choose('Industry', company.industry);
    await this.field('Address').fill(company.address);
    await this.field('First Name').fill(company.firstName);
    await this.field('Last Name').fill(company.lastName);
    await this.field('Job Title').fill(company.jobTitle);
    await this.field('Phone').fill(company.phone);
    await this.field('Email').fill(company.email);
  }

  get certificateInput(): Locator {
    return this.page.locator('input[type="file"]');
  }

  /** Types the certificate's expiry date as the date field shows it (e.g. Dec 31, 2027). */
  async fillExpiryDate(date: Date): Promise<string> {
    const typed = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const field = this.page.getByRole('textbox', { name: 'Certificate Expiry Date' });
    await field.fill(typed);
    await field.press('Escape');
    return typed;
  }

  /** The plan cards are labels: a radio's name starts with its plan's name, then price and description. */
  async choosePlan(name: string): Promise<void> {
    await this.page.getByRole('radio', { name: new RegExp(`^${name}\\b`) }).check();
  }

  async submitApplication(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(this.page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  }

  async proceedToPayment(): Promise<void> {
    await this.page.getByRole('button', { name: 'Proceed to Payment' }).click();
  }
}
