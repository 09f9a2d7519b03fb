// Browser and page steps the screenshot scripts share.
import { chromium } from 'playwright-core';

/** The system Chromium, as the screenshot scripts run it. */
export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/** A fresh context at `width` (phone height below 500 px) and its page. */
export async function newPage(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 860 } });
  return { context, page: await context.newPage() };
}

/** Signs in with a demo account's email through the login form; waits until the app leaves /login. */
export async function signIn(page, base, email) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('demo12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

// Live updates keep a connection open, so "network idle" never comes: wait for the loaders instead,
// then `settleMs` more for images and transitions.
export async function settled(page, settleMs) {
  await page.waitForTimeout(300);
  await page
    .locator('[role=status][aria-label^="Loading"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15000 })
    .catch(() => {});
  await page.waitForTimeout(settleMs);
}
