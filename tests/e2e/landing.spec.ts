import { expect, test } from '@playwright/test';
import { LandingPage } from './support/landing-page.ts';
import { openSignedIn } from './support/login-page.ts';

/** The app's stored token (public spec, section 4), read in the page. */
declare const localStorage: { getItem(key: string): string | null };

// Anchor jumps are instant with reduced motion, so positions can be read at once.
test.use({ reducedMotion: 'reduce' });

const TOP_BAR_HEIGHT = 68;

test.describe('landing page', () => {
  test('shows every section in the spec order', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'See inside every wall. Hire the right vendor. Keep the proof.',
    );
    const order: string[] = [];
    for (const node of await page.locator('main > section, body footer').all()) {
      const heading = node.locator('h1, h2').first();
      const headingId = (await heading.count()) > 0 ? await heading.getAttribute('id') : null;
      order.push((await node.getAttribute('id')) || headingId || '');
    }
    expect(order).toEqual([
      'hero-title',
      'summary-title',
      'services',
      'property-managers',
      'vendors',
      'owners',
      'about-us',
      'demos',
      'getting-started',
      'contact-us',
    ]);
    await expect(landing.section('about-us')).toContainText('2024');
    await expect(landing.section('about-us')).toContainText('10 million square feet');
    for (const benefit of [
      'In-wall 360° photo documentation',
      'Real-time tracking of maintenance progress',
      'Vendor selection and management',
      'A maintenance history that raises property value',
    ]) {
      await expect(landing.section('services').getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expect(landing.section('contact-us')).toContainText('Denver, CO');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  test('top-bar anchors scroll each section into view below the fixed bar', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();

    await landing.mainNav.getByRole('link', { name: 'Demos' }).click();
    await expect(page).toHaveURL(/#demos$/);
    const demosTitle = page.getByRole('heading', { name: 'See FieldBid with your own properties in mind' });
    await expect(demosTitle).toBeInViewport();
    expect((await demosTitle.boundingBox())?.y).toBeGreaterThanOrEqual(TOP_BAR_HEIGHT);

    const solutions = landing.mainNav.getByRole('button', { name: 'Solutions' });
    await solutions.click();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await landing.mainNav.getByRole('link', { name: 'Building Owners' }).click();
    await expect(page).toHaveURL(/#owners$/);
    await expect(landing.section('owners').getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('link', { name: 'Schedule a Lunch & Learn' }).click();
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeInViewport();
  });

  test('opening /#about-us lands on that section', async ({ page }) => {
    await page.goto('/#about-us');
    await expect(page.getByRole('heading', { name: /Built by people/ })).toBeInViewport();
  });

  test('below 970px the burger menu carries the links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    await expect(landing.mainNav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    for (const name of ['About Us', 'Services', 'Demos', 'Property Managers', 'Vendors', 'Building Owners']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await menu.getByRole('link', { name: 'Vendors' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#vendors$/);
    await expect(landing.section('vendors').getByRole('heading', { level: 2 })).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the demo dialog checks its fields and sends the request', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();

    await page.getByRole('button', { name: 'Request a Demo' }).click();
    const dialog = landing.demoDialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('This field is required.')).toHaveCount(2);

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();

    await dialog.getByLabel('Email').fill('dana@summitpm.com');
    await dialog.getByLabel('Company Name').fill('Summit Property Management');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/demo-requests/'));
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    expect((await sent).postDataJSON()).toEqual({
      email: 'dana@summitpm.com',
      company_name: 'Summit Property Management',
    });
    await expect(
      page.getByText(
        'Your demo request has been submitted. If approved, our team will email you with a link to your demo shortly!',
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a failed demo request shows the failure toast', async ({ page }) => {
    await page.route('**/api/demo-requests/', (route) => route.fulfill({ status: 500, body: '' }));
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    await page.getByRole('button', { name: 'Request a Demo' }).click();
    await landing.demoDialog.getByLabel('Email').fill('dana@summitpm.com');
    await landing.demoDialog.getByLabel('Company Name').fill('Summit Property Management');
    await landing.demoDialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('An error occurred. Please try again later.')).toBeVisible();
    await expect(landing.demoDialog).toBeVisible();
  });

  test('the contact form requires every field and sends form-data', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    const form = landing.contactForm;
    await form.getByRole('button', { name: 'Send Message' }).click();
    // The four required fields, with the shared schema's message (src/shared/contact-schemas.ts).
    await expect(form.getByText('This field is required.')).toHaveCount(4);
    await form.getByRole('textbox', { name: 'Email' }).fill('dana@');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name' }).fill('Dana Whitfield');
    await form.getByRole('textbox', { name: 'Email' }).fill('dana@summitpm.com');
    await form.getByRole('textbox', { name: 'Phone' }).fill('(303) 555-0199');
    await form.getByRole('textbox', { name: 'Message' }).fill('We manage 40 buildings in Denver.');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toContain('multipart/form-data');
    expect(request.postData()).toContain('Dana Whitfield');
    await expect(page.getByText("Your message has been sent. We'll get back to you soon!")).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('a failed contact message shows the failure toast', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    const form = landing.contactForm;
    await form.getByRole('textbox', { name: 'Name' }).fill('Dana Whitfield');
    await form.getByRole('textbox', { name: 'Email' }).fill('dana@summitpm.com');
    await form.getByRole('textbox', { name: 'Phone' }).fill('(303) 555-0199');
    await form.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Failed to send message. Please try again later.')).toBeVisible();
  });

  test('Accept All stores the consent for 365 days and the banner stays away', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.cookieBanner).toBeVisible();
    await landing.cookieBanner.getByRole('button', { name: 'Accept All' }).click();
    await expect(landing.cookieBanner).toBeHidden();

    const cookie = await landing.consentCookie();
    expect(cookie?.value).toBe('accepted');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(landing.cookieBanner).toBeHidden();
  });

  test('Necessary Only stores "necessary"; Cookies Settings brings the banner back', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.acceptNecessaryCookies();
    expect((await landing.consentCookie())?.value).toBe('necessary');

    await page.getByRole('button', { name: 'Cookies Settings' }).click();
    await expect(landing.cookieBanner).toBeVisible();
    await landing.cookieBanner.getByRole('button', { name: 'Accept All' }).click();
    expect((await landing.consentCookie())?.value).toBe('accepted');
  });

  test('a signed-in manager sees Dashboard (to their own dashboard) and Logout, which goes to /login', async ({
    page,
  }) => {
    await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
    await page.goto('/');
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/property-manager/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    // Public spec, section 4: "Logout clears it and goes to /login" (the portals' Logout goes to /).
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The session is over on the server too: the login screen stays, and / offers Login again.
    const status = await page.request.get('/api/users/auth-status/');
    expect(await status.json()).toEqual({ isAuthenticated: false, user: null });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
