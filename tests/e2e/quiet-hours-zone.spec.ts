import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEFAULT_QUIET_HOURS, type QuietHours } from '../../src/shared/notification-preferences.ts';
import { csrfHeaders } from './support/api-session.ts';
import { openSignedIn } from './support/login-page.ts';

// Quiet hours the user never chose are offered in the browser's own time zone (Playwright's
// timezoneId is what Intl reports), while a zone the user chose stays as chosen. The manager's
// notification settings: no other spec saves them.

const MANAGER = 'manager@demo.local';
const SETTINGS = '/property-manager/settings/profile#notifications';

test.use({ timezoneId: 'Asia/Tokyo', viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });

interface SavedSettings {
  email_notifications: boolean;
  sms_notifications: boolean;
  categories: Array<{ category: string; email: boolean; sms: boolean; push: boolean }>;
  quiet_hours: QuietHours;
}

/** Saves the manager's quiet hours through the API, keeping every other choice as it is. */
async function saveQuietHours(request: APIRequestContext, quietHours: QuietHours): Promise<SavedSettings> {
  const current = (await (await request.get('/api/notification-settings/')).json()) as SavedSettings;
  const saved = await request.put('/api/notification-settings/', {
    headers: await csrfHeaders(request),
    data: {
      email_notifications: current.email_notifications,
      sms_notifications: current.sms_notifications,
      categories: Object.fromEntries(
        current.categories.map(({ category, email, sms, push }) => [category, { email, sms, push }]),
      ),
      quiet_hours: quietHours,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()) as SavedSettings;
}

async function openNotificationSettings(page: Page) {
  await openSignedIn(page, MANAGER, '/property-manager/settings/profile');
  await page.goto(SETTINGS);
  await expect(page.getByRole('switch', { name: 'Quiet hours for texts and push' })).toBeVisible();
}

test('quiet hours never chosen are offered in the browser time zone', async ({ page }) => {
  await openSignedIn(page, MANAGER, '/property-manager/settings/profile');
  // The server's answer for a user who never chose: its fixed default zone.
  const never = await saveQuietHours(page.request, DEFAULT_QUIET_HOURS);
  expect(never.quiet_hours.time_zone).toBe('America/Denver');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');

  await openNotificationSettings(page);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
});

test('a time zone the user chose stays as chosen', async ({ page }) => {
  await openSignedIn(page, MANAGER, '/property-manager/settings/profile');
  try {
    await saveQuietHours(page.request, {
      enabled: true,
      start: '22:00',
      end: '06:30',
      time_zone: 'Europe/Lisbon',
    });
    await openNotificationSettings(page);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Lisbon');
  } finally {
    await saveQuietHours(page.request, DEFAULT_QUIET_HOURS);
  }
});
