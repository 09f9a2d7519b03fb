import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { goOffline, goOnline, savedQueriesHold, signInUnderServiceWorker } from './support/offline.ts';
import { chooseOption } from './support/request-pages.ts';

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

// Browser globals for page.evaluate (this project is typed without the DOM library).
declare const indexedDB: {
  databases(): Promise<Array<{ name?: string }>>;
};

const PHOTO = fileURLToPath(new URL('./fixtures/site-photo.png', import.meta.url));

interface Job {
  id: number;
  description: string;
}

/**
 * a request with a photo made without signal waits on the phone (surviving a reload), and
 * reaches the server exactly once, with its one photo, when the network returns.
 */
test('offline: a request with a photo waits on the device, survives a reload and is sent once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const description = `Water stain on the ceiling found offline (e2e ${Date.now()})`;

  await signInUnderServiceWorker(page);
  await expect(page.getByRole('button', { name: 'Create Request' })).toBeVisible();
  // The session and the property list (GET /api/user/projects/) are saved with the query cache at
  // most once a second: a reload without network opens from them.
  await savedQueriesHold(page, [
    ['auth', 'status'],
    ['user', 'projects'],
  ]);

  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByRole('button', { name: 'Create Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Request' });
  await expect(dialog.getByText('This request goes to the property manager of')).toBeVisible();
  await chooseOption(page, 'Request Type', 'Plumbing');
  await dialog.getByLabel('Description').fill(description);
  await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(dialog.getByText('1 file(s) selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Request saved')).toBeVisible();
  await expect(
    dialog.getByText('Saved on this device; it will be sent when you are back online.'),
  ).toBeVisible();
  await dialog.getByRole('link', { name: 'Outbox' }).click();

  const item = page.getByTestId('outbox-item').filter({ hasText: description });
  await expect(item).toContainText('Plumbing request for');
  await expect(item).toContainText('With 1 photo');

  // The app is closed and opened again without signal: the write and its photo are still here.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(item).toContainText('With 1 photo');
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => database.name ?? ''),
  );
  expect(databases.some((name) => name.startsWith('fieldbid-user-'))).toBe(true);

  await goOnline(context);
  await expect(item).toHaveCount(0, { timeout: 20_000 });

  // The server has the request once, with the one photo (checked with the page's own session).
  const search = await page.request.get(
    `/api/vendor/jobs/?search=${encodeURIComponent(description)}&page_size=50`,
  );
  expect(search.ok()).toBe(true);
  const found = ((await search.json()) as { results: Job[] }).results.filter(
    (job) => job.description === description,
  );
  expect(found).toHaveLength(1);
  const detail = await page.request.get(`/api/requests/${found[0]!.id}/`);
  expect(detail.ok()).toBe(true);
  const { photos } = (await detail.json()) as { photos: Array<{ url: string }> };
  expect(photos).toHaveLength(1);
  const file = await page.request.get(photos[0]!.url);
  expect(file.ok()).toBe(true);
  // Re-encoded on the phone (no EXIF, at most 2048 px): a JPEG, whatever was picked.
  expect(file.headers()['content-type']).toBe('image/jpeg');
});
