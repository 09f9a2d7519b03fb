import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiSignIn, csrfHeaders } from './support/api-session.ts';
import { ConversationScreen } from './support/conversation-page.ts';
import { goOffline, goOnline, signInUnderServiceWorker } from './support/offline.ts';

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const KEEP_BUTTON = /^Keep offline: job #(\d+)$/;

// Signing in and waiting for the service worker take most of it; a loaded 2-core machine needs room.
test.describe.configure({ timeout: 120_000 });

test('a vendor keeps a job from the list, reads it offline, and releases it', async ({
  page,
  context,
  request,
}) => {
  await signInUnderServiceWorker(page);

  // Other tests add jobs in parallel: take a job the list shows, by its button's name. The test opens
  // the kept conversation, which marks a thread read once online; a job without a conversation leaves
  // the seeded unread messages to messages-notifications.spec.ts.
  await page.goto('/vendor/jobs');
  await expect(page.getByRole('button', { name: KEEP_BUTTON }).first()).toBeVisible();
  const buttons = await page.getByRole('button', { name: KEEP_BUTTON }).all();
  const shown = await Promise.all(
    buttons.map(async (button) => (await button.getAttribute('aria-label')) ?? ''),
  );
  await apiSignIn(request, 'vendor@demo.local', 'demo12345');
  const conversations = (await (await request.get('/api/messages/conversations/')).json()) as Array<{
    request_id: number;
  }>;
  const withThread = new Set(conversations.map((c) => c.request_id));
  const requestId = shown
    .map((label) => Number(KEEP_BUTTON.exec(label)?.[1]))
    .find((id) => id > 0 && !withThread.has(id));
  expect(requestId, 'a listed job without a conversation').toBeDefined();
  const detail = (await (await request.get(`/api/requests/${requestId}/`)).json()) as { description: string };

  await page.getByRole('button', { name: `Keep offline: job #${requestId}`, exact: true }).click();
  // Keeping a job on a documented property also downloads its plans and 360 photos (about 15 files):
  // more than the default 15 s while the service worker installs its precache on a busy machine.
  await expect(page.getByRole('button', { name: `Kept offline: job #${requestId}` })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 45_000 },
  );
  await page.getByRole('link', { name: /1 job kept offline/ }).click();
  await expect(page.getByRole('heading', { name: 'Kept for the field' })).toBeVisible();
  const kept = page.getByTestId('kept-job');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(`#${requestId}`);
  await expect(kept).toContainText(/\d+(\.\d)? (B|KB|MB) · \d+ photos/);

  await goOffline(context);
  await page.goto(`/vendor/requests/${requestId}`);
  await expect(page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
  await expect(page.getByText(detail.description, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Offline · saved /)).toBeVisible();
  // The conversation reads the kept detail (its header) and the kept thread.
  await page.goto(`/vendor/messages/${requestId}`);
  await expect(new ConversationScreen(page).thread).toBeVisible();
  await expect(page.getByText('Failed to load messages. Please try again.')).toHaveCount(0);

  await goOnline(context);
  await page.goto('/vendor/outbox');
  await kept.getByRole('button', { name: 'Release' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText(/^No jobs kept\./)).toBeVisible();
  await expect(kept).toHaveCount(0);
});

test('offline, a job that was not kept says so and how to keep jobs, on a phone', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInUnderServiceWorker(page);
  // A job the vendor may read but has not opened or kept on this device.
  const jobs = (await (
    await page.request.get('/api/vendor/jobs/?page_size=1&ordering=created_at')
  ).json()) as {
    results: Array<{ id: number }>;
  };
  const requestId = jobs.results[0]!.id;

  await goOffline(context);
  await page.goto(`/vendor/requests/${requestId}`);
  await expect(page.getByRole('heading', { name: 'Not saved for offline use' })).toBeVisible();
  await expect(page.getByText('this job is not saved on this phone', { exact: false })).toBeVisible();
  await expect(
    page.getByText('tap “Keep offline” on the job in Available Jobs', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Access Denied')).toHaveCount(0);
  await expect(page.getByText('Failed to fetch request')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Available Jobs' }).last()).toBeVisible();
  await goOnline(context);
});

const PHOTO = fileURLToPath(new URL('./fixtures/site-photo.png', import.meta.url));

test('a job kept offline keeps the photos sent in its thread, and shows them offline', async ({
  page,
  context,
}) => {
  await signInUnderServiceWorker(page);
  // An open job away from the first ones (other specs take those) and from message-photos.spec.ts's.
  const listed = (await (await page.request.get('/api/vendor/jobs/?status=open&page_size=50')).json()) as {
    results: Array<{ id: number; description: string }>;
  };
  const jobs = listed.results.filter((job) => !job.description.includes('(e2e'));
  const requestId = jobs[jobs.length - 3]?.id;
  expect(requestId, 'an open job of the demo vendor').toBeDefined();
  const text = `The trap from below (e2e ${Date.now()})`;
  const sent = await page.request.post('/api/messages/', {
    headers: await csrfHeaders(page.request),
    multipart: {
      request: String(requestId),
      content: text,
      photos: { name: 'site-photo.png', mimeType: 'image/png', buffer: readFileSync(PHOTO) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto(`/vendor/requests/${requestId}`);
  await page.getByRole('button', { name: `Keep offline: job #${requestId}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Kept offline: job #${requestId}` })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 45_000 },
  );

  await goOffline(context);
  await page.goto(`/vendor/messages/${requestId}`);
  const bubble = new ConversationScreen(page).thread.locator('[data-sender-role="vendor"]').filter({
    hasText: text,
  });
  await expect(bubble).toBeVisible();
  // The photo arrived from the device (a photo not kept is a broken image offline: no natural width).
  const photo = bubble.getByRole('img', { name: /^Photo 1 of 1 from / });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await goOnline(context);
  await page.goto('/vendor/outbox');
  const kept = page.getByTestId('kept-job');
  await kept.getByRole('button', { name: 'Release' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(kept).toHaveCount(0);
});
