import { expect, type Locator, type Page, test } from '@playwright/test';
import { LandingPage } from './support/landing-page.ts';
import { openSignedIn } from './support/login-page.ts';

// Schedule a Visit: the landing hero's button opens /schedule-visit (public spec, section 2), the
// form is checked with the contact form's messages, and staff find the request in the admin Inbox.
// The test's own words (a token) keep it apart from what other tests store.

/** The page's document, read in the browser (the e2e types have no DOM library). */
declare const document: { documentElement: { scrollWidth: number } };

const DAY = 86_400_000;
/** A date `days` ahead as the date input writes it ('Jun 12, 2031') and as the API sends it. */
function dateAhead(days: number) {
  const date = new Date(Date.now() + days * DAY);
  return {
    typed: date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    iso: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
  };
}

async function pickChoice(page: Page, legend: string, typed: string, time: RegExp) {
  const group = page.getByRole('group', { name: legend });
  const date = group.getByRole('textbox', { name: 'Date' });
  await date.fill(typed);
  await date.press('Escape');
  await group.getByRole('radio', { name: time }).check();
}

const field = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });

test('the hero’s Schedule a Visit opens the page; a visitor asks for a visit and staff find it', async ({
  page,
}) => {
  const token = `visite2e${Date.now()}`;
  const name = `Rosa Visit ${token.slice(-6)}`;
  const first = dateAhead(20);
  const second = dateAhead(21);

  await test.step('the hero button goes to /schedule-visit', async () => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    const button = page.getByRole('link', { name: 'Schedule a Visit' });
    await expect(button).toHaveAttribute('href', '/schedule-visit');
    await button.click();
    await expect(page).toHaveURL((url) => url.pathname === '/schedule-visit');
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Visit' })).toBeVisible();
    await expect(page).toHaveTitle('Schedule a Visit · FieldBid');
  });

  const form = page.getByRole('form', { name: 'Request a visit' });

  await test.step('an empty submit names every required field and focuses the first', async () => {
    await form.getByRole('button', { name: 'Request Visit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please correct the 8 fields marked below.');
    await expect(form.getByText('This field is required.')).toHaveCount(8);
    await expect(field(form, 'Name')).toBeFocused();
    await expect(field(form, 'Name')).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('a bad email and a second choice equal to the first are refused in the page', async () => {
    await field(form, 'Name').fill(name);
    await field(form, 'Email').fill('rosa@');
    await field(form, 'Phone').fill('(303) 555-0177');
    await field(form, 'Company').fill(`Speer Living ${token}`);
    await field(form, 'Property address').fill('700 Speer Blvd, Denver, CO 80203');
    await field(form, 'Number of units').fill('36');
    await pickChoice(page, 'First choice', first.typed, /^Morning/);
    await pickChoice(page, 'Second choice (optional)', first.typed, /^Morning/);
    await form.getByRole('button', { name: 'Request Visit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please correct the 2 fields marked below.');
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Choose a different date or time from your first choice.')).toBeVisible();
    await expect(field(form, 'Email')).toBeFocused();
  });

  await test.step('a valid request is sent as JSON and the page says so', async () => {
    await field(form, 'Email').fill(`${token}@speer.example`);
    await pickChoice(page, 'Second choice (optional)', second.typed, /^Afternoon/);
    await form.getByRole('textbox', { name: /^Notes/ }).fill('Gate code 4471. Boiler room in building B.');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/visit-requests/'));
    await form.getByRole('button', { name: 'Request Visit' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual({
      name,
      email: `${token}@speer.example`,
      phone: '(303) 555-0177',
      company_name: `Speer Living ${token}`,
      property_address: '700 Speer Blvd, Denver, CO 80203',
      number_of_units: 36,
      preferred_date_1: first.iso,
      preferred_time_1: 'morning',
      preferred_date_2: second.iso,
      preferred_time_2: 'afternoon',
      notes: 'Gate code 4471. Boiler room in building B.',
    });
    const done = page.getByRole('heading', { name: 'Visit request sent' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(
      page.getByText(
        "Thank you! Your visit request has been sent. We've emailed you a confirmation and will contact you to confirm a time.",
      ),
    ).toBeVisible();
    await expect(page.getByText('700 Speer Blvd, Denver, CO 80203 (36 units)')).toBeVisible();
    await expect(form).toBeHidden();
  });

  await test.step('staff find it in the Inbox’s Visit requests tab and mark it handled', async () => {
    await openSignedIn(page, 'admin@demo.local', '/admin/inbox');
    await page.getByRole('tab', { name: /^Visit requests, \d+ open$/ }).click();
    await expect(page).toHaveURL(/[?&]tab=visit-requests/);
    await page.getByRole('searchbox', { name: 'Search visit requests' }).fill(token);
    await expect(page.getByText(`1 open visit request matching “${token}”`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('700 Speer Blvd, Denver, CO 80203')).toBeVisible();
    await expect(row.getByText('Gate code 4471. Boiler room in building B.')).toBeVisible();
    await expect(row.getByRole('link', { name: `Reply to ${name} by email` })).toHaveAttribute(
      'href',
      `mailto:${token}@speer.example?subject=Your%20FieldBid%20visit`,
    );
    await row.getByRole('button', { name: `Mark handled: the visit request from ${name}` }).click();
    await expect(page.getByText('Visit request marked handled.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test('/schedule-visit works at 375 px: one column, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/schedule-visit');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Visit' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  const name = await page.getByRole('textbox', { name: 'Name', exact: true }).boundingBox();
  const email = await page.getByRole('textbox', { name: 'Email', exact: true }).boundingBox();
  expect(email!.y).toBeGreaterThan(name!.y);
});
