import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// The vendor's phone stands in downtown Denver; the seeded properties are a few kilometres away.
const DOWNTOWN = { latitude: 39.7392, longitude: -104.9903 };
const SHOTS = '/work/notes/shots';
const DISTANCE = /^\d+\.\d km$/;

test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  geolocation: DOWNTOWN,
  permissions: ['geolocation'],
});

async function shot(page: Page, name: string, width: number): Promise<void> {
  if (!process.env.PLACES_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: width > 600 ? 900 : 812 });
  await page.screenshot({ path: `${SHOTS}/places-${name}-${width}.png`, fullPage: true });
}

test('Near me lists the open jobs nearest first, each with its distance and city', async ({ page }) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/jobs');
  await expect(page.getByRole('heading', { name: 'Available Jobs', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading jobs' })).toHaveCount(0);
  await shot(page, 'jobs', 375);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Near me' }).click();

  await expect(
    page.getByText('To sort jobs by distance, FieldBid asks your phone where you are'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Share my position' }).click();
  await expect(page.getByText('Measured from where you are, within 50 km.')).toBeVisible();
  const jobs = page.getByTestId('nearby-job');
  await expect(jobs.first()).toBeVisible();
  const distances = await page.getByTestId('nearby-distance').allTextContents();
  expect(distances.length).toBeGreaterThan(1);
  for (const distance of distances) expect(distance).toMatch(DISTANCE);
  const kilometres = distances.map((distance) => Number.parseFloat(distance));
  expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  await expect(jobs.first()).toContainText('Cherry Creek Lofts · Denver');
  await shot(page, 'near-me', 375);
  await shot(page, 'near-me', 1280);
  await page.setViewportSize({ width: 375, height: 812 });

  // The job's detail names the property and its city, with directions to it.
  await jobs.first().getByRole('link').click();
  await expect(page.getByTestId('property-place')).toHaveText('Cherry Creek Lofts · Denver');
  const directions = page.getByRole('link', { name: 'Open directions' });
  await expect(directions).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=39.7207,-104.9543',
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  await shot(page, 'detail', 375);
  await shot(page, 'detail', 1280);
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goBack();
  await page.getByRole('button', { name: 'Back to all jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Available Jobs', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/jobs$/);
});

test('/vendor/map lists the jobs and says the tiles could not load', async ({ page }) => {
  // No tile server is reachable from the tests: every tile fails, as it would offline.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await openSignedIn(page, 'vendor@demo.local', '/vendor/map');
  await expect(page.getByRole('heading', { name: 'Map', level: 1 })).toBeVisible();

  // The business location (seeded) first, the phone's position on request.
  await expect(page.getByText('Measured from your business location.')).toBeVisible();
  await page.getByRole('button', { name: 'Use my position' }).click();
  await expect(page.getByText('Measured from where you are.')).toBeVisible();
  await expect(page.getByTestId('nearby-job').first()).toContainText(' · Denver');
  for (const distance of await page.getByTestId('nearby-distance').allTextContents())
    expect(distance).toMatch(DISTANCE);
  await expect(page.getByRole('heading', { name: "Today's visits" })).toBeVisible();
  await expect(page.getByTestId('tiles-failed')).toHaveText(
    'Map tiles could not load; the list below has every job.',
  );
  await expect(page.getByRole('region', { name: 'Map of jobs and visits' })).toBeVisible();
  await shot(page, 'map', 375);
  await shot(page, 'map', 1280);
});

test('Settings → Location takes the phone position once and saves it as the business location', async ({
  page,
}) => {
  await openSignedIn(page, 'vendor@demo.local', '/vendor/settings');
  await page.getByRole('tab', { name: 'Location' }).click();
  const latitude = page.getByRole('textbox', { name: 'Latitude' });
  await expect(latitude).toHaveValue('39.7818');
  await expect(page.getByText('Find them once on any map: right-click the building.')).toBeVisible();
  await page.getByRole('button', { name: 'Use my current position' }).click();
  await expect(latitude).toHaveValue(DOWNTOWN.latitude.toFixed(4));
  await expect(page.getByRole('textbox', { name: 'Longitude' })).toHaveValue(DOWNTOWN.longitude.toFixed(4));
  await shot(page, 'settings-location', 375);
  await shot(page, 'settings-location', 1280);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your changes have been saved successfully.')).toBeVisible();
  const stored = await (await page.request.get('/api/vendor/business-location/')).json();
  expect(stored).toEqual({ latitude: DOWNTOWN.latitude, longitude: DOWNTOWN.longitude });

  // Without a position, Near me now measures from there.
  await page.goto('/vendor/jobs?near=1');
  await page.context().clearPermissions();
  await page.getByRole('button', { name: 'Share my position' }).click();
  await expect(
    page.getByText(/Measured from (your business location|where you are), within 50 km\./),
  ).toBeVisible();
  await expect(page.getByTestId('nearby-job').first()).toContainText('Cherry Creek Lofts · Denver');
});
