import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// Photos in messages: the vendor on a phone attaches a photo and sends it, the manager at a desk
// sees the thumbnail and opens it full size; a message with a photo written without a connection
// waits on the phone with its photo and reaches the server exactly once.

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1280, height: 800 };
const PHOTO = fileURLToPath(new URL('./fixtures/site-photo.png', import.meta.url));

interface Job {
  id: number;
  description: string;
}

interface ThreadMessage {
  content: string;
  vendor: number;
  photos: Array<{ id: number; url: string }>;
}

/**
 * An open job the demo vendor may message about, away from the ones other specs use: not the first
 * jobs (the offline specs take those), not one another spec made.
 */
async function jobToMessageAbout(api: APIRequestContext, fromEnd: number): Promise<Job> {
  const response = await api.get('/api/vendor/jobs/?status=open&page_size=50');
  expect(response.ok()).toBe(true);
  const jobs = ((await response.json()) as { results: Job[] }).results.filter(
    (job) => !job.description.includes('(e2e'),
  );
  const job = jobs[jobs.length - 1 - fromEnd];
  expect(job, 'an open job of the demo vendor').toBeDefined();
  return job as Job;
}

async function thread(api: APIRequestContext, requestId: number): Promise<ThreadMessage[]> {
  const response = await api.get(`/api/messages/?request=${requestId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ThreadMessage[];
}

/** The image has arrived and been decoded (a broken or refused image has no natural width). */
async function expectLoaded(page: Page, alt: RegExp): Promise<void> {
  const image = page.getByRole('img', { name: alt }).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

test('a vendor on a phone sends a photo; the manager sees its thumbnail and opens it full size', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
  const job = await jobToMessageAbout(page.request, 0);
  await page.goto(`/vendor/messages/${job.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toBeVisible();

  const text = `Here is the valve (e2e ${Date.now()})`;
  await page.getByTestId('message-photo-input').setInputFiles(PHOTO);
  const chosen = page.getByRole('list', { name: 'Photos to send' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  // Photos come with words: the send button waits for the text.
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).tap();

  const bubble = log.locator('[data-sender-role="vendor"]').filter({ hasText: text });
  await expect(bubble).toBeVisible();
  await expect(log.getByTestId('pending-message')).toHaveCount(0);
  await expect(chosen).toHaveCount(0);
  await expectLoaded(page, /^Photo 1 of 1 from /);
  await bubble.getByRole('button', { name: 'Open photo 1 of 1 full size' }).tap();
  const overlay = page.getByRole('dialog');
  await expect(overlay).toBeVisible();
  await expectLoaded(page, /^Photo 1 of 1 from /);
  await overlay.getByRole('button', { name: 'Close the picture' }).tap();
  await expect(overlay).toBeHidden();

  const sent = (await thread(page.request, job.id)).filter((message) => message.content === text);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.photos).toHaveLength(1);
  await phone.close();

  const desk = await browser.newContext({ viewport: DESK });
  const managerPage = await desk.newPage();
  await openSignedIn(managerPage, 'manager@demo.local', '/property-manager/dashboard');
  await managerPage.goto(`/property-manager/messages?request=${job.id}&vendor=${sent[0]!.vendor}`);
  const managerLog = managerPage.getByRole('log', { name: 'Messages' });
  const received = managerLog.locator('[data-sender-role="vendor"]').filter({ hasText: text });
  await expect(received).toBeVisible();
  await expectLoaded(managerPage, /^Photo 1 of 1 from /);
  await received.getByRole('button', { name: 'Open photo 1 of 1 full size' }).click();
  await expect(managerPage.getByRole('dialog')).toBeVisible();
  await managerPage.keyboard.press('Escape');
  await expect(managerPage.getByRole('dialog')).toBeHidden();
  await desk.close();
});

test('a message with a photo written offline waits with its photo and lands once, its lost answer replayed', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await openSignedIn(page, 'vendor@demo.local', '/vendor/dashboard');
  const job = await jobToMessageAbout(page.request, 1);
  await page.goto(`/vendor/messages/${job.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toBeVisible();

  await phone.setOffline(true);
  const text = `Photo from the basement, no signal (e2e ${Date.now()})`;
  await page.getByTestId('message-photo-input').setInputFiles(PHOTO);
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).tap();
  const pending = log.getByTestId('pending-message');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Waiting to send');
  await expect(pending).toContainText(text);
  await expectLoaded(page, /\(waiting to send\)$/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Back online, the first POST reaches the server but its answer is lost: the outbox sends it
  // again with the same Idempotency-Key and the server answers the message it already has.
  let lost = 0;
  await phone.route('**/api/messages/', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await phone.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  expect(lost).toBe(1);
  const bubble = log.locator('[data-sender-role="vendor"]').filter({ hasText: text });
  await expect(bubble).toHaveCount(1);
  await expectLoaded(page, /^Photo 1 of 1 from /);

  const landed = (await thread(page.request, job.id)).filter((message) => message.content === text);
  expect(landed).toHaveLength(1);
  expect(landed[0]!.photos).toHaveLength(1);
  await phone.close();
});
