import { expect, type Page, test } from '@playwright/test';

// The property manager wizard end to end (public spec, sections 2, 4, 5 and 8).

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: false });

async function expectMessages(page: Page, messages: string[]) {
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
}

test('a property manager applies step by step, sees every message, submits and reaches the password form', async ({
  page,
}) => {
  await page.goto('/property-manager-application');
  await expect(page.getByRole('heading', { name: 'Property Manager Application' })).toBeVisible();

  // Step 0, Building Info: Next checks only this step.
  await next(page);
  await expectMessages(page, [
    'Building name is required',
    'Building address is required',
    'Please enter a valid 10-digit phone number',
    'Please enter a valid 9-digit EIN',
    'Please enter a valid number of employees',
  ]);
  await field(page, 'Building Name').fill('Maple Court');
  await expect(page.getByText('Building name is required')).toBeHidden();
  await field(page, 'Building Address').fill('1 Maple St, Denver, CO');
  await field(page, 'Office Phone').fill('3035550100');
  await expect(field(page, 'Office Phone')).toHaveValue('(303) 555-0100');
  await field(page, 'EIN').fill('123456789');
  await expect(field(page, 'EIN')).toHaveValue('12-3456789');
  await field(page, 'Total Employees').fill('0');
  await expect(page.getByText('Please enter a valid number of employees')).toBeVisible();
  await field(page, 'Total Employees').fill('12');
  await expect(page.getByText('Please enter a valid number of employees')).toBeHidden();
  await next(page);

  // Step 1, Admin Contact.
  await expect(field(page, 'First Name')).toBeVisible();
  await next(page);
  await expectMessages(page, [
    'First name is required',
    'Last name is required',
    'Please enter a valid email address',
    'Please enter a valid 10-digit phone number',
    'Job title is required',
  ]);
  await field(page, 'First Name').fill('Mia');
  await field(page, 'Last Name').fill('Manager');
  await field(page, 'Email').fill('mia.e2e@example');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await field(page, 'Email').fill('mia.e2e@example.com');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await field(page, 'Phone').fill('303555010');
  await expect(page.getByText('Please enter a valid 10-digit phone number')).toBeVisible();
  await field(page, 'Phone').fill('3035550101');
  await field(page, 'Job Title').fill('Director');
  await next(page);

  // Step 2, Company Info; Back returns one step and keeps the answers.
  await expect(field(page, 'Company Name')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(field(page, 'Job Title')).toHaveValue('Director');
  await next(page);
  await next(page);
  await expectMessages(page, ['Company name is required', 'Company address is required']);
  await field(page, 'Company Name').fill('Maple Holdings');
  await field(page, 'Company Address').fill('2 Maple St, Denver, CO');
  await next(page);

  // Step 3, Review, then Submit: three saves and the submit, then the server's redirect.
  await expect(page.getByText('mia.e2e@example.com')).toBeVisible();
  await expect(page.getByText('(303) 555-0100')).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/property-manager-application\/[^/]+\/success$/);
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully' })).toBeVisible();

  await page.getByRole('link', { name: 'Set Your Password' }).click();
  await expect(page).toHaveURL(/\/set-password\/.+/);
  await expect(page.getByLabel('New Password')).toBeVisible();
});

/** Fills and leaves Building Info (step 0): Next saves it to the session's draft. */
async function passBuildingInfo(page: Page) {
  await field(page, 'Building Name').fill('Birch Court');
  await field(page, 'Building Address').fill('3 Birch St, Denver, CO');
  await field(page, 'Office Phone').fill('3035550123');
  await field(page, 'EIN').fill('123456780');
  await field(page, 'Total Employees').fill('8');
  await next(page);
  await expect(field(page, 'First Name')).toBeVisible();
}

async function fillAdminContact(page: Page, email: string) {
  await field(page, 'First Name').fill('Ana');
  await field(page, 'Last Name').fill('Birch');
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill('3035550124');
  await field(page, 'Job Title').fill('Owner');
}

test('an email that already has an account is refused at its own step, under the field, with a way to log in', async ({
  page,
}) => {
  await page.goto('/property-manager-application');
  await passBuildingInfo(page);
  await fillAdminContact(page, 'manager@demo.local');
  await next(page);

  // Under the email, in words, on the Admin Contact step; no raw server answer anywhere.
  const email = field(page, 'Email');
  await expect(page.getByText('A user with this email already exists.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(field(page, 'Job Title')).toBeVisible();
  await expect(page.getByText('Request failed')).toHaveCount(0);

  await page.getByRole('link', { name: 'Log in instead' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a reload in the middle resumes at the step reached, with the answers saved', async ({ page }) => {
  const email = `birch.${Date.now()}@example.com`;
  await page.goto('/property-manager-application');
  await passBuildingInfo(page);
  await fillAdminContact(page, email);
  await next(page);
  await expect(field(page, 'Company Name')).toBeVisible();

  await page.reload();
  await expect(field(page, 'Company Name')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Phone')).toHaveValue('(303) 555-0124');
  await next(page);
  await field(page, 'Company Name').fill('Birch Holdings');
  await field(page, 'Company Address').fill('3 Birch St, Denver, CO');
  await next(page);
  await expect(page.getByText('(303) 555-0123')).toBeVisible();
  await expect(page.getByText('12-3456780')).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully' })).toBeVisible();
});

test('an unknown application shows the load failure on the success page', async ({ page }) => {
  await page.goto('/property-manager-application/999999/success');
  await expect(page.getByText('Failed to load application details. Please try again later.')).toBeVisible();
});
