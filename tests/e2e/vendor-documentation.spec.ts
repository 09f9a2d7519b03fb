import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { VIEWER_ASSETS } from '../../src/shared/viewer-assets.ts';
import { apiSignIn } from './support/api-session.ts';
import { goOffline, goOnline, signInUnderServiceWorker } from './support/offline.ts';
import { clickPlan, recordViewerFiles } from './support/plan-viewer.ts';

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

/**
 * The awarded vendor opens the property's floor plan and in-wall photos from its job, keeps the job
 * offline (the documentation and its images with it) and reads the plan without a network.
 */
// Signing in under the service worker, two loads of the viewer and an offline reload on 2 cores.
test.describe.configure({ timeout: 90_000 });

interface Detail {
  status: string;
  project: { id: number; name: string } | null;
  documentation_available: boolean;
}

interface Documentation {
  layouts: Array<{ url: string; photos: Array<{ url: string }> }>;
}

/**
 * The demo vendor's in-progress job on a property with documentation (the seeded water heater): the
 * oldest, since other specs award the vendor newer jobs on other properties meanwhile.
 */
async function awardedJob(request: APIRequestContext) {
  await apiSignIn(request, 'vendor@demo.local', 'demo12345');
  const bids = (await (await request.get('/api/vendor/bids/?status=accepted&page_size=100')).json()) as {
    results: Array<{ request_id: number }>;
  };
  const ids = bids.results.map((bid) => bid.request_id).sort((a, b) => a - b);
  for (const id of ids) {
    const detail = (await (await request.get(`/api/requests/${id}/`)).json()) as Detail;
    if (detail.status === 'in_progress' && detail.documentation_available && detail.project) {
      const answer = await request.get(`/api/projects/${detail.project.id}/documentation/`);
      const documentation = (await answer.json()) as Documentation;
      if (documentation.layouts.length > 0) return { id, project: detail.project, documentation };
    }
  }
  throw new Error('The demo vendor has no in-progress job on a documented property.');
}

// The test project has no DOM types: the browser's globals are reached through narrow casts.
type BrowserGlobals = {
  Image: new () => { src: string; naturalWidth: number; decode(): Promise<void> };
  caches: {
    open(name: string): Promise<{ match(url: string): Promise<unknown> }>;
    delete(name: string): Promise<boolean>;
  };
};

/** Loads an image as the page would (through the service worker) and answers its natural width. */
function naturalWidth(page: Page, url: string): Promise<number> {
  return page.evaluate(async (src) => {
    const image = new (globalThis as unknown as BrowserGlobals).Image();
    image.src = src;
    await image.decode().catch(() => undefined);
    return image.naturalWidth;
  }, url);
}

test('the awarded vendor reads the property documentation, also offline once the job is kept, the viewer and its measuring included', async ({
  page,
  context,
  request,
}) => {
  const job = await awardedJob(request);
  const layout = job.documentation.layouts[0]!;
  await signInUnderServiceWorker(page);

  await page.goto(`/vendor/requests/${job.id}`);
  await page.getByRole('link', { name: 'Property documentation' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendor/properties/${job.project.id}/documentation$`));
  await expect(page.getByRole('heading', { name: 'Property Documentation' })).toBeVisible();
  // In the page, not the top bar's property picker (which may name the same property).
  await expect(page.getByRole('main').getByText(job.project.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  const pins = page.getByRole('button', { name: /^Show photo:/ });
  await expect(pins).toHaveCount(layout.photos.length);
  // Vendors read; keeping polygons is for the managing side.
  await expect(page.getByRole('button', { name: 'Keep polygon' })).toHaveCount(0);

  await page.goBack();
  await page.getByRole('button', { name: `Keep offline: job #${job.id}`, exact: true }).click();
  // Keeping a job on a documented property also downloads its plans and 360 photos (about 15 files):
  // more than the default 15 s while the service worker installs its precache on a busy machine.
  await expect(page.getByRole('button', { name: `Kept offline: job #${job.id}` })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 45_000 },
  );
  await page.goto('/vendor/outbox#kept');
  const kept = page.getByTestId('kept-job');
  await expect(kept).toContainText(`#${job.id}`);
  await expect(kept).toContainText(/\d+(\.\d)? (KB|MB) · \d+ photos · property documentation/);

  // Only the kept-files cache may answer offline: the plan seen above also sits in the bounded cache.
  const inKeptCache = await page.evaluate(async (url) => {
    const { caches } = globalThis as unknown as BrowserGlobals;
    await caches.delete('fieldbid-files');
    return (await (await caches.open('fieldbid-kept-files')).match(url)) !== undefined;
  }, layout.url);
  expect(inKeptCache).toBe(true);

  await goOffline(context);
  const viewerFiles = recordViewerFiles(page);
  await page.goto(`/vendor/properties/${job.project.id}/documentation`);
  await expect(page.getByRole('heading', { name: 'Property Documentation' })).toBeVisible();
  // In the page, not the top bar's property picker (which may name the same property).
  await expect(page.getByRole('main').getByText(job.project.name, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Offline · saved /)).toBeVisible();
  // The pins are drawn once the plan image has loaded.
  await expect(pins).toHaveCount(layout.photos.length);
  expect(await naturalWidth(page, layout.url)).toBeGreaterThan(0);
  expect(await naturalWidth(page, layout.photos[0]!.url)).toBeGreaterThan(0);
  // The viewer itself (its three /static/ files) came from the service worker's precache...
  expect([...viewerFiles.keys()].sort()).toEqual(Object.values(VIEWER_ASSETS).sort());
  for (const [file, response] of viewerFiles) {
    expect(response.status(), file).toBe(200);
    expect(response.fromServiceWorker(), file).toBe(true);
  }
  // ...and measures without a network.
  await page.getByRole('button', { name: 'Measure' }).click();
  await clickPlan(page, [
    [0.3, 0.3],
    [0.6, 0.3],
    [0.6, 0.6],
  ]);
  await page.getByRole('button', { name: 'Close polygon' }).click();
  const coordinates = page.getByRole('region', { name: 'Polygon Coordinates' });
  await expect(coordinates.getByRole('row')).toHaveCount(4);
  await expect(coordinates.getByText(/^Area [\d,.]+ (sq ft|px²) · Perimeter/)).toBeVisible();

  await goOnline(context);
});
