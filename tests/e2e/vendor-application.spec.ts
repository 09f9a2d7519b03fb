import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiSignIn, postJson } from './support/api-session.ts';
import { CheckoutPage, DECLINED_CARD, GOOD_CARD } from './support/checkout-page.ts';
import { DEMO_PASSWORD, LoginPage, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { VendorApplicationPage } from './support/vendor-application-page.ts';

// The vendor wizard end to end with the local checkout (public spec, sections 2, 4, 5, 7 and 8).

const CERTIFICATE = fileURLToPath(new URL('./fixtures/insurance-certificate.pdf', import.meta.url));

const COMPANY_MESSAGES = [
  'Vendor name is required',
  'Total employees is required',
  'EIN is required',
  'Registered state is required',
  'Industry is required',
  'Address is required',
  'First name is required',
  'Last name is required',
  'Job title is required',
  'Phone is required',
  'Email is required',
] as const;

/** Vendors on the Monthly plan, from the staff plans list: one more per fulfilled application. */
async function monthlySubscribers(staff: APIRequestContext): Promise<number> {
  const response = await staff.get('/api/admin/plans/');
  expect(response.ok()).toBe(true);
  const { results } = (await response.json()) as {
    results: Array<{ name: string; subscriber_count: number }>;
  };
  return results.find((plan) => plan.name === 'Monthly')?.subscriber_count ?? -1;
}

test('a vendor applies step by step, is declined once, pays, sets a password, waits for review and is live once staff approve it', async ({
  page,
  browser,
}) => {
  // Four steps, two checkout posts, a reload, a 3 s redirect, a sign-in and the admin console on a
  // shared 2-core machine.
  test.setTimeout(150_000);
  const email = `vendor.${Date.now()}@example.com`;
  const staff = await browser.newContext();
  try {
    await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
    const subscribersBefore = await monthlySubscribers(staff.request);
    const wizard = new VendorApplicationPage(page);
    await wizard.startFromSignup();

    // Step 0, Company Information: every field's message once, then the filled form.
    await wizard.next();
    await wizard.expectMessagesOnce(COMPANY_MESSAGES);
    await wizard.fillCompany({
      vendorName: 'Rocky Plumbing LLC',
      totalEmployees: '12',
      ein: '987654321',
      industry: 'Plumbing',
      address: '5 Pine Rd, Boulder, CO 80302',
      firstName: 'Sam',
      lastName: 'Ortiz',
      jobTitle: 'Owner',
      phone: '7205550199',
      email,
    });
    await expect(wizard.field('EIN')).toHaveValue('98-7654321');
    await expect(wizard.field('Phone')).toHaveValue('(720) 555-0199');
    for (const message of COMPANY_MESSAGES)
      await expect(page.getByText(message, { exact: true })).toBeHidden();
    await wizard.next();

    // Step 1, Insurance: the file and its expiry date required, then a wrong type refused, then a
    // real PDF and its date.
    await expect(page.getByRole('button', { name: 'Insurance Certificate' })).toBeVisible();
    await wizard.next();
    await wizard.expectMessagesOnce(['Insurance certificate is required', 'Please enter the expiry date']);
    await wizard.certificateInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a certificate'),
    });
    await wizard.expectMessagesOnce(['Please upload a PDF or image file']);
    await wizard.next();
    await expect(page.getByText('Please upload a PDF or image file', { exact: true })).toBeVisible();
    await wizard.certificateInput.setInputFiles(CERTIFICATE);
    await expect(page.getByText('Please upload a PDF or image file', { exact: true })).toBeHidden();
    const expiry = await wizard.fillExpiryDate(new Date(Date.now() + 300 * 86_400_000));
    await wizard.next();

    // Step 2, Payment (plan choice).
    await expect(page.getByText('Choose your plan')).toBeVisible();
    await wizard.next();
    await wizard.expectMessagesOnce(['Please select a plan']);
    await wizard.choosePlan('Monthly');
    await expect(page.getByText('Please select a plan', { exact: true })).toBeHidden();
    await wizard.next();

    // Step 3, Review, then the payment screen and the checkout.
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText('insurance-certificate.pdf', { exact: true })).toBeVisible();
    await expect(page.getByText(expiry, { exact: true })).toBeVisible();
    await expect(page.getByText('Monthly ($49 / month)', { exact: true })).toBeVisible();
    await wizard.submitApplication();
    await wizard.proceedToPayment();

    const checkout = new CheckoutPage(page);
    await checkout.expectOpen('$49 / month');
    await checkout.pay(DECLINED_CARD);
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use a different card.');
    await checkout.pay(GOOD_CARD);

    // The success page: a confirmation number, the password button and what happens next; no API
    // key (the vendor makes one in Settings when it wants one).
    await expect(page).toHaveURL(
      /\/vendor-application\/subscription\/success\/cs_local_[\w-]+\/sub_local_[\w-]+$/,
    );
    await expect(page.getByRole('heading', { name: 'Application Submitted Successfully' })).toBeVisible();
    const confirmation = page.getByText(/^FB-[A-Z2-9]{8}$/);
    await expect(confirmation).toBeVisible();
    const number = await confirmation.textContent();
    await expect(page.getByRole('link', { name: 'Set Your Password' })).toBeVisible();
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText(
      'Our staff review your application and insurance certificate, typically within one business day.',
    );
    await expect(next).toContainText('We email you as soon as your application is approved.');
    await expect(next).toContainText('Meanwhile you can sign in');
    await expect(page.getByText('Your API key')).toHaveCount(0);

    // Reload: the same number, no second account.
    await page.reload();
    await expect(page.getByText(/^FB-[A-Z2-9]{8}$/)).toHaveText(number ?? '');
    await expect(next).toBeVisible();
    expect(await monthlySubscribers(staff.request)).toBe(subscribersBefore + 1);

    // Set the password, then the 3 s redirect to /verification-sent.
    await page.getByRole('link', { name: 'Set Your Password' }).click();
    await expect(page).toHaveURL(/\/set-password\/.+/);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('vendor-pass-123');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('vendor-pass-123');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Set Successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/verification-sent$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    // The account exists once: one confirmation mail went to the new address.
    const link = await linkFromMail(staff.request, email, /\/confirm-email\?key=[^\s"<>]+/);
    expect(await monthlySubscribers(staff.request)).toBe(subscribersBefore + 1);

    // Paid but not yet approved: the vendor signs in to a screen that says its application is under
    // review and what is still missing, and sees no job.
    const key = decodeURIComponent(link.slice(link.indexOf('key=') + 4));
    await postJson(page.request, '/api/users/confirm-email/', { key });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, 'vendor-pass-123');
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    const underReview = page.getByRole('heading', { name: 'Your application is under review' });
    await expect(underReview).toBeVisible();
    const steps = page.getByRole('list', { name: 'Your application' });
    await expect(steps.getByRole('listitem').filter({ hasText: /^Payment/ })).toContainText('Confirmed');
    await expect(steps.getByRole('listitem').filter({ hasText: /^Insurance certificate/ })).toContainText(
      'On file',
    );
    await expect(steps.getByRole('listitem').filter({ hasText: /^Review by our staff/ })).toContainText(
      'Our team is checking',
    );
    await expect(page.getByRole('button', { name: 'Create Request' })).toHaveCount(0);
    await page.goto('/vendor/jobs');
    await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
    await expect(underReview).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(0);

    // Staff approve it in the admin console; the vendor is live at once.
    const adminPage = await staff.newPage();
    await openSignedIn(adminPage, 'admin@demo.local', '/admin/applications');
    await adminPage.getByRole('tab', { name: 'Vendors' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Rocky Plumbing LLC' }).click();
    const drawer = adminPage.getByRole('dialog', { name: 'Rocky Plumbing LLC' });
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Application approved; the applicant was mailed.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
    await expect(underReview).toBeHidden();
  } finally {
    await staff.close();
  }
});

test('a reload in the middle resumes at the step reached: the company answers and the certificate are kept', async ({
  page,
}) => {
  const email = `vendor.resume.${Date.now()}@example.com`;
  const wizard = new VendorApplicationPage(page);
  await wizard.startFromSignup();
  await wizard.fillCompany({
    vendorName: 'Aspen Electric',
    totalEmployees: '4',
    ein: '987654320',
    industry: 'Electrical',
    address: '9 Aspen Way, Denver, CO 80202',
    firstName: 'Lee',
    lastName: 'Aspen',
    jobTitle: 'Owner',
    phone: '7205550177',
    email,
  });
  await wizard.next();
  await expect(page.getByRole('button', { name: 'Insurance Certificate' })).toBeVisible();

  // On a phone, switching apps to find the PDF reloads the page.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Insurance Certificate' })).toBeVisible();
  await wizard.certificateInput.setInputFiles(CERTIFICATE);
  const expiry = await wizard.fillExpiryDate(new Date(Date.now() + 200 * 86_400_000));
  await wizard.next();
  await expect(page.getByText('Choose your plan')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Choose your plan')).toBeVisible();
  await wizard.choosePlan('Monthly');
  await wizard.next();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText('(720) 555-0177', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Uploaded earlier \(PDF, \d+ KB\)$/)).toBeVisible();
  await expect(page.getByText(expiry, { exact: true })).toBeVisible();
});

test('an email that already has an account is refused at the company step, with a way to log in', async ({
  page,
}) => {
  const wizard = new VendorApplicationPage(page);
  await wizard.startFromSignup();
  await wizard.fillCompany({
    vendorName: 'Cedar Floors',
    totalEmployees: '3',
    ein: '987654322',
    industry: 'Flooring',
    address: '1 Cedar Ct, Denver, CO 80202',
    firstName: 'Kim',
    lastName: 'Cedar',
    jobTitle: 'Owner',
    phone: '7205550178',
    email: 'vendor@demo.local',
  });
  await wizard.next();
  await expect(page.getByText('A user with this email already exists.')).toBeVisible();
  await expect(wizard.field('Email')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Log in instead' })).toBeVisible();
  await expect(page.getByText('Failed to save company information')).toHaveCount(0);
});
