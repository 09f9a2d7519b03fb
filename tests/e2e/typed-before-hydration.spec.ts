import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectProblems } from './support/page-problems.ts';

// The landing page's contact form takes typing before the page's scripts run; the app takes the page
// over in place: the same input elements, with what was typed in them and in the form's state.

/**
 * Holds every script of the page until `release` is called: the prerendered HTML shows and takes
 * typing, and nothing of the app has run yet.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page's HTML without waiting for its (held) scripts, which hold back DOMContentLoaded. */
async function openHeld(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
}

/** Marks the field's element, so the test can tell whether the app kept it or made a new one. */
async function markElement(field: Locator, mark: string): Promise<void> {
  await field.evaluate((node, name) => {
    (node as unknown as Record<string, boolean>)[name] = true;
  }, mark);
}

function isMarked(field: Locator, mark: string): Promise<boolean> {
  return field.evaluate((node, name) => (node as unknown as Record<string, boolean>)[name] === true, mark);
}

test('text typed into the landing page contact form before the app starts is kept, and sent', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await openHeld(page, '/');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const typed = {
    Name: 'Dana Whitfield',
    Email: 'dana@summitpm.com',
    Phone: '(303) 555-0199',
    Message: 'We manage 40 buildings in Denver.',
  };
  for (const [label, text] of Object.entries(typed)) {
    const field = form.getByRole('textbox', { name: label });
    await field.pressSequentially(text);
    await markElement(field, 'typedBeforeHydration');
  }
  // Typed while no script of the page had run.
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  // The page is the app's once its buttons take clicks (inert until then), the form's too.
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  const send = form.getByRole('button', { name: 'Send Message' });
  for (const [label, text] of Object.entries(typed)) {
    const field = form.getByRole('textbox', { name: label });
    await expect(field).toHaveValue(text);
    expect(await isMarked(field, 'typedBeforeHydration'), `${label} is the prerendered element`).toBe(true);
  }

  // The form's own state has the typed text: it sends it.
  await page
    .getByRole('region', { name: 'Cookie consent' })
    .getByRole('button', { name: 'Necessary Only' })
    .click();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
  await send.click();
  const body = (await sent).postData() ?? '';
  for (const text of Object.values(typed)) expect(body).toContain(text);
  await expect(page.getByText("Your message has been sent. We'll get back to you soon!")).toBeVisible();

  // React reports a mismatch when it commits the hydrated tree; give it that turn.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
