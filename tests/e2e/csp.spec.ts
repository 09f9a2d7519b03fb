import { expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/gradient-png.ts';
import { openSignedIn } from './support/login-page.ts';
import { controlledByServiceWorker } from './support/offline.ts';

/**
 * The app under its Content-Security-Policy (src/server/http/content-security-policy.ts): the main
 * screens of every role, the 360 viewer, the panorama demo's data: and blob: photos, the checkout
 * page's hashed style and the service worker. A blocked script, style, image or fetch would show
 * as a `securitypolicyviolation` event or a console message, and either fails the test.
 */

// Records every violation of the document it runs in, before any script of the page.
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(
      event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.documentURI +
        ' (' + event.sourceFile + ':' + event.lineNumber + ')',
    );
  });
`;

interface Watch {
  /** Everything reported so far: console messages of every page, events of the current document. */
  reported(): Promise<string[]>;
}

async function watchPolicy(page: Page): Promise<Watch> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(RECORD_VIOLATIONS);
  return {
    async reported() {
      const events = (await page.evaluate('window.__cspViolations ?? []')) as string[];
      return [...messages, ...events];
    },
  };
}

// The browser global the image check runs against (this project is typed without the DOM library).
declare const document: { images: ArrayLike<{ complete: boolean; loading: string }> };

/**
 * Every image of the screen asked for and drawn (or refused); lazy ones below the fold may wait.
 * A function, not a string: Playwright evaluates a string predicate with eval on every poll after
 * the first, which this very policy refuses (`'unsafe-eval'`) when the first poll finds an image
 * still loading; a function is compiled once, by the debugger, and only called afterwards.
 */
const imagesDone = () =>
  Array.from(document.images).every((image) => image.complete || image.loading === 'lazy');

/** Opens `path` in the signed-in page and waits for its screen, then checks nothing was blocked. */
async function visit(page: Page, watch: Watch, path: string): Promise<void> {
  await test.step(path, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForFunction(imagesDone);
    expect(await watch.reported(), `CSP reports on ${path}`).toEqual([]);
  });
}

async function firstId(page: Page, url: string): Promise<number> {
  const answer = (await (await page.request.get(url)).json()) as { results: Array<{ id: number }> };
  const id = answer.results[0]?.id;
  if (id === undefined) throw new Error(`${url} answered no rows`);
  return id;
}

/**
 * A job the vendor has no conversation about. Opening a thread marks its messages and new_message
 * notices read, and messages-notifications.spec.ts counts the seeded unread ones of the newest
 * seeded job (the first of the list until other specs raise jobs).
 */
async function jobWithoutConversation(page: Page): Promise<number> {
  const jobs = (await (await page.request.get('/api/vendor/jobs/?page_size=50')).json()) as {
    results: Array<{ id: number }>;
  };
  const conversations = (await (await page.request.get('/api/messages/conversations/')).json()) as Array<{
    request_id: number;
  }>;
  const withThread = new Set(conversations.map((conversation) => conversation.request_id));
  const job = jobs.results.find(({ id }) => !withThread.has(id));
  if (job === undefined) throw new Error('every listed job of the demo vendor has a conversation');
  return job.id;
}

test.describe.configure({ timeout: 180_000 });

test('public pages, the panorama demo with a photo, and the local checkout page', async ({ page }) => {
  const watch = await watchPolicy(page);
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/reset-password',
    '/vendor-application',
    '/property-manager-application',
    '/privacy-policy',
    '/schedule-visit',
  ]) {
    await visit(page, watch, path);
  }

  await test.step('/panorama: three.js sphere, a data: photo made through a blob: preview', async () => {
    await page.goto('/panorama');
    const viewer = page.getByRole('application', { name: '360° view of the demo room' });
    await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: gradientPng(800, 400) });
    await viewer.getByRole('button', { name: 'Photo 1', exact: true }).click();
    await expect(page.getByRole('img', { name: /^Photo 1, placed at/ })).toBeVisible();
    await page.waitForFunction(imagesDone);
    expect(await watch.reported()).toEqual([]);
  });

  await test.step('the checkout page keeps its inline style under its hashed policy', async () => {
    await page.goto('/checkout/cs_local_unknown');
    await expect(page.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
    // The style applied: the card is white on the grey page.
    await expect(page.locator('.card')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await watch.reported()).toEqual([]);
  });
});

test('the vendor screens', async ({ page }) => {
  const watch = await watchPolicy(page);
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
  const job = await jobWithoutConversation(page);
  for (const path of [
    '/vendor/dashboard',
    '/vendor/jobs',
    `/vendor/requests/${job}`,
    '/vendor/bids',
    '/vendor/messages',
    `/vendor/messages/${job}`,
    '/vendor/notifications',
    '/vendor/outbox',
    '/vendor/settings',
  ]) {
    await visit(page, watch, path);
  }
});

test('the manager screens and the as-builds page with its 360 viewer', async ({ page }) => {
  const watch = await watchPolicy(page);
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  const request = await firstId(page, '/api/property-manager/maintenance-requests/?page_size=1');
  const projects = (await (await page.request.get('/api/user/projects/')).json()) as Array<{ id: number }>;
  const project = projects[0]?.id;
  if (project === undefined) throw new Error('the demo manager has no property');
  for (const path of [
    '/property-manager/dashboard',
    '/property-manager/maintenance',
    '/property-manager/maintenance/create',
    `/property-manager/requests/${request}`,
    '/property-manager/documentation',
    `/property-manager/${project}/history`,
    '/property-manager/vendors',
    '/property-manager/team',
    '/property-manager/messages',
    '/property-manager/notifications',
    '/property-manager/settings/profile',
    `/property-manager/${project}/asbuilds`,
  ]) {
    await visit(page, watch, path);
  }

  await test.step('a 360 photo drawn by three.js from /api/files', async () => {
    await page
      .getByRole('button', { name: /^Show photo:/ })
      .nth(1)
      .click();
    const dialog = page.getByRole('dialog', { name: 'Unit 104: Bathroom plumbing wall' });
    await expect(dialog.getByRole('application')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await page.waitForFunction(imagesDone);
    expect(await watch.reported()).toEqual([]);
  });
});

test('the admin console', async ({ page }) => {
  const watch = await watchPolicy(page);
  await openSignedIn(page, 'admin@demo.local', '/admin/applications');
  for (const path of [
    '/admin/applications',
    '/admin/clients',
    '/admin/users',
    '/admin/plans',
    '/admin/inbox',
    '/admin/mail',
    '/admin/audit-log',
  ]) {
    await visit(page, watch, path);
  }
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('installs, precaches and controls the page under the policy', async ({ page }) => {
    const watch = await watchPolicy(page);
    await page.goto('/');
    // Its precache and its network calls run under sw.js's own policy: a blocked fetch fails the install.
    await controlledByServiceWorker(page);
    await visit(page, watch, '/login');
    expect(await page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
  });
});
