import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { roleFilesStored } from './support/app-caches.ts';
import { openSignedIn } from './support/login-page.ts';
import { controlledByServiceWorker, goOffline, goOnline } from './support/offline.ts';
import { chooseOption } from './support/request-pages.ts';

const PHOTO = fileURLToPath(new URL('./fixtures/site-photo.png', import.meta.url));

// The seeded property is in Denver; the vendor's phone stands a few metres from it.
const SITE = { latitude: 39.7392, longitude: -104.9903 };

interface VisitAnswer {
  id: number;
  number: number;
  status: string;
  on_my_way_at: string | null;
  arrived_at: string | null;
  left_at: string | null;
  left_note: string;
  another_visit_needed: boolean | null;
  left_photos: Array<{ url: string }>;
  history: Array<{ event: string; happened_at: string; recorded_at: string }>;
}

/**
 * The demo vendor's seeded job in progress (the water heater), read with the vendor's session: the
 * oldest of its jobs in progress, since other specs award it newer ones and complete them meanwhile.
 */
async function awardedJobId(request: APIRequestContext): Promise<number> {
  const bids = (await (await request.get('/api/vendor/bids/?status=accepted&page_size=100')).json()) as {
    results: Array<{ request_id: number }>;
  };
  const ids = bids.results.map((bid) => bid.request_id).sort((a, b) => a - b);
  for (const id of ids) {
    const detail = (await (await request.get(`/api/requests/${id}/`)).json()) as { status: string };
    if (detail.status === 'in_progress') return id;
  }
  throw new Error('The demo vendor has no job in progress.');
}

async function visitsOf(request: APIRequestContext, requestId: number): Promise<VisitAnswer[]> {
  const answer = await request.get(`/api/requests/${requestId}/visits/`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { results: VisitAnswer[] }).results;
}

/** A calendar date `days` from now as the date input takes it. */
function dateAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const visitRegion = (page: Page, number: number): Locator =>
  page.getByRole('region', { name: `Visit ${number} · Diagnosis` });

/**
 * The vendor proposes a visit on a phone, the manager accepts it at a desk, and on the day the
 * vendor, without signal, taps On my way, Arrived and Left (with a photo): each waits on the phone,
 * then reaches the server once with the moment it was tapped.
 */
test('a visit is proposed, accepted, and its steps taken offline reach the manager once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const vendorContext = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    geolocation: SITE,
    permissions: ['geolocation'],
    // Offline, the phone's screens (the dialogs' chunks among them) come from the service worker.
    serviceWorkers: 'allow',
  });
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const vendor = await vendorContext.newPage();
  const manager = await managerContext.newPage();
  const note = `Replaced the anode rod; the tank needs a flush (e2e ${Date.now()})`;

  await openSignedIn(vendor, 'vendor@demo.local', '/vendor/dashboard');
  await controlledByServiceWorker(vendor);
  await roleFilesStored(vendor, 'vendor');
  const requestId = await awardedJobId(vendor.request);
  const before = (await visitsOf(vendor.request, requestId)).length;
  const number = before + 1;
  const visit = visitRegion(vendor, number);

  await test.step('the vendor proposes a time on a phone', async () => {
    await vendor.goto(`/vendor/requests/${requestId}`);
    const card = vendor.getByRole('region', { name: 'Visits' });
    await card.getByRole('button', { name: 'Propose a visit' }).click();
    const form = card.getByRole('form', { name: 'Propose visit' });
    // The shared schema's messages, under their fields.
    await form.getByRole('button', { name: 'Propose visit' }).click();
    await expect(form.getByText('Choose what the visit is for.')).toBeVisible();
    await expect(form.getByText('Choose a date.')).toBeVisible();
    await chooseOption(vendor, 'What is the visit for?', 'Diagnosis');
    await form.getByLabel('Date').fill(dateAhead(2));
    await form.getByLabel('From').fill('09:00');
    await form.getByLabel('To').fill('11:00');
    await form.getByRole('button', { name: 'Propose visit' }).click();
    await expect(visit.getByText('Waiting for confirmation')).toBeVisible();
    await expect(visit.getByTestId('visit-window')).toContainText('9:00–11:00 AM');
    await expect(
      visit.getByText('Waiting for the property manager to accept one of these times.'),
    ).toBeVisible();
  });

  await test.step('the manager accepts it and writes how to get in', async () => {
    await openSignedIn(manager, 'manager@demo.local', `/property-manager/requests/${requestId}`);
    const managerVisit = visitRegion(manager, number);
    await managerVisit.getByRole('button', { name: /^Accept / }).click();
    await expect(managerVisit.getByText('Confirmed', { exact: true })).toBeVisible();
    const calendar = managerVisit.getByRole('link', { name: 'Add to calendar' });
    await expect(calendar).toHaveAttribute('href', /\/api\/visits\/\d+\/calendar\.ics$/);
    // The link is followed with the session's cookie, as a tap on it would be.
    const file = await manager.request.get((await calendar.getAttribute('href'))!);
    expect(file.ok()).toBe(true);
    expect(file.headers()['content-type']).toContain('text/calendar');
    expect(await file.text()).toContain('BEGIN:VEVENT');
    const access = manager.getByRole('form', { name: 'Entry and access' });
    await access.getByLabel('Access instructions').fill('Lock box on the side gate, code 4321.');
    await access.getByLabel('Occupant name').fill('Dana Occupant');
    await access.getByLabel('Occupant phone').fill('+1 303 555 0142');
    await access.getByLabel('The vendor may enter without the occupant').check();
    await access.getByRole('button', { name: 'Save' }).click();
    await expect(manager.getByText('Entry instructions saved.')).toBeVisible();
  });

  await test.step('the vendor reads the entry instructions and goes offline on the day', async () => {
    await vendor.reload();
    const access = vendor.getByRole('region', { name: 'Entry and access' });
    await expect(access.getByText('Lock box on the side gate, code 4321.')).toBeVisible();
    await expect(access.getByRole('link', { name: '+1 303 555 0142' })).toHaveAttribute(
      'href',
      'tel:+13035550142',
    );
    await expect(access.getByText('You may enter without the occupant')).toBeVisible();
    await expect(visit.getByRole('button', { name: 'On my way' })).toBeVisible();
    await goOffline(vendorContext);
  });

  await test.step('offline, On my way, Arrived and Left wait on the phone', async () => {
    await visit.getByRole('button', { name: 'On my way' }).click();
    const onMyWay = vendor.getByRole('dialog', { name: 'On my way' });
    await expect(onMyWay.getByLabel('Minutes until you arrive')).toHaveValue('20');
    await onMyWay.getByRole('button', { name: 'Send' }).click();
    await expect(visit.getByTestId('visit-stamp-on-my-way')).toContainText('Waiting to send');
    await expect(visit.getByRole('button', { name: 'On my way' })).toHaveCount(0);

    await visit.getByRole('button', { name: 'Arrived' }).click();
    await expect(visit.getByTestId('visit-stamp-arrived')).toContainText('Waiting to send');
    await expect(visit.getByRole('button', { name: 'Arrived' })).toHaveCount(0);

    await visit.getByRole('button', { name: 'Left' }).click();
    const left = vendor.getByRole('dialog', { name: 'Left the property' });
    await left.getByLabel('What was done (optional)').fill(note);
    await left.getByLabel('Another visit needed?').check();
    await left.locator('input[type="file"]').setInputFiles(PHOTO);
    await expect(left.getByText('1 file(s) selected')).toBeVisible();
    await left.getByRole('button', { name: 'Send' }).click();
    await expect(visit.getByTestId('visit-stamp-left')).toContainText('Waiting to send');
    await expect(visit.getByRole('img', { name: 'Visit photo 1 (waiting to upload)' })).toBeVisible();
    await expect(visit.getByText('Waiting to send')).toHaveCount(3);
    await expect(visit.getByTestId('visit-steps')).toHaveCount(0);
  });

  await test.step('online again, the three steps are sent', async () => {
    await goOnline(vendorContext);
    await expect(visit.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
    await expect(visit.getByText('Done', { exact: true })).toBeVisible();
    await expect(visit.getByTestId('visit-stamp-left')).toContainText('min on site');
  });

  await test.step('the manager sees each step once, with the moment it was tapped', async () => {
    await manager.reload();
    const managerVisit = visitRegion(manager, number);
    await expect(managerVisit.getByText('Done', { exact: true })).toBeVisible();
    await expect(managerVisit.getByTestId('visit-stamp-on-my-way')).toHaveCount(1);
    await expect(managerVisit.getByTestId('visit-stamp-on-my-way')).toContainText(
      /On the way at .+, expected /,
    );
    await expect(managerVisit.getByTestId('visit-stamp-arrived')).toHaveCount(1);
    await expect(managerVisit.getByTestId('visit-stamp-left')).toHaveCount(1);
    await expect(managerVisit.getByTestId('visit-stamp-left')).toContainText('min on site');
    await expect(managerVisit.getByText(note).first()).toBeVisible();
    await expect(managerVisit.getByText('Another visit needed')).toBeVisible();
    await expect(managerVisit.getByRole('img', { name: 'Visit photo 1' })).toBeVisible();

    const done = (await visitsOf(manager.request, requestId)).find((item) => item.number === number)!;
    expect(done.status).toBe('done');
    expect(done.left_photos).toHaveLength(1);
    expect(done.another_visit_needed).toBe(true);
    const steps = done.history.filter((entry) => ['on_my_way', 'arrived', 'left'].includes(entry.event));
    expect(steps.map((entry) => entry.event)).toEqual(['on_my_way', 'arrived', 'left']);
    // Tapped offline, recorded once the phone was back: each keeps the moment of its tap.
    for (const entry of steps)
      expect(Date.parse(entry.happened_at)).toBeLessThan(Date.parse(entry.recorded_at));
  });

  await vendorContext.close();
  await managerContext.close();
});
