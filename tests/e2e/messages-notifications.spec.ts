import { type Browser, expect, type Page, test } from '@playwright/test';
import { ConversationScreen } from './support/conversation-page.ts';
import { openSignedIn } from './support/login-page.ts';

// These change the demo vendor's notifications and settings: one at a time, in this order.
test.describe.configure({ mode: 'serial' });

/** The conversation screen's POST /api/messages/read/, once it is answered. */
const markedRead = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/messages/read/' && response.request().method() === 'POST',
  );

async function signedInPage(browser: Browser, email: string, landing: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The top bar opens the event stream once signed in; messages then arrive without polling.
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events/');
  await openSignedIn(page, email, landing);
  const events = await stream;
  expect(events.status()).toBe(200);
  expect(events.headers()['content-type']).toMatch(/^text\/event-stream/);
  return page;
}

test("vendor and manager exchange messages and each sees the other's arrive without reload", async ({
  browser,
}) => {
  // A long journey through several screens: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const vendor = await signedInPage(browser, 'vendor@demo.local', '/vendor/dashboard');
  const manager = await signedInPage(browser, 'manager@demo.local', '/property-manager/dashboard');

  // The seeded thread about the leaking sink, with two messages the vendor has not read.
  await vendor.goto('/vendor/messages');
  const seeded = vendor.getByRole('link').filter({ hasText: 'dishwasher drain' });
  await expect(seeded.getByLabel('2 unread')).toBeVisible();
  // Opening it reads it (GET) and, once its messages are on screen, marks it read with its own POST.
  const marked = markedRead(vendor);
  await seeded.click();
  await expect(vendor).toHaveURL(/\/vendor\/messages\/\d+$/);
  const requestId = /\/vendor\/messages\/(\d+)$/.exec(vendor.url())![1]!;
  const vendorChat = new ConversationScreen(vendor);
  await expect(vendor.getByRole('heading', { name: `Plumbing Request #${requestId}` })).toBeVisible();
  await expect(vendorChat.thread.getByText('Our building engineer, Sam')).toBeVisible();
  const mark = await marked;
  expect(mark.status()).toBe(200);
  expect(mark.request().postDataJSON()).toEqual({ request: Number(requestId) });
  expect(await mark.json()).toEqual({ marked: 2 });
  await expect(vendorChat.sendButton).toBeDisabled();
  await vendorChat.input.fill('   ');
  await expect(vendorChat.sendButton).toBeDisabled();

  await manager.goto('/property-manager/messages');
  await manager
    .getByRole('link')
    .filter({ hasText: `Plumbing Request #${requestId}` })
    .filter({ hasText: 'Peak Mechanical Services' })
    .click();
  await expect(manager).toHaveURL(
    new RegExp(`/property-manager/messages\\?request=${requestId}&vendor=\\d+$`),
  );
  const managerChat = new ConversationScreen(manager);
  await expect(managerChat.thread.getByText('replacement P-trap')).toBeVisible();

  const fromVendor = `On site at 1:30 pm (${Date.now()})`;
  await vendorChat.send(fromVendor);
  await expect(managerChat.thread.getByText(fromVendor)).toBeVisible();

  const fromManager = `Sam is in the lobby (${Date.now()})`;
  // A message that arrives while the thread is open and visible is marked read too.
  const markedAgain = markedRead(vendor);
  await managerChat.send(fromManager);
  const arrived = vendorChat.thread
    .locator('[data-sender-role="property_manager"]')
    .filter({ hasText: fromManager });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('Morgan Reyes');
  expect(await (await markedAgain).json()).toEqual({ marked: 1 });

  // Back on the list, the thread has nothing unread: the count dropped from 2.
  await vendor.goto('/vendor/messages');
  const thread = vendor.locator(`a[href="/vendor/messages/${requestId}"]`);
  await expect(thread).toContainText(fromManager);
  await expect(thread.getByLabel(/\d+ unread/)).toHaveCount(0);
  await vendor.context().close();
  await manager.context().close();
});

/** The bell's label for `unread` unread notifications (it shows at most "9+"). */
const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications' : `Notifications, ${unread > 9 ? '9+' : unread} unread`;

/** The vendor's unread notifications as the server has them now. */
async function unreadNotifications(page: Page): Promise<Array<{ created_at: string }>> {
  const answer = await page.request.get('/api/notifications/?is_read=false');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Array<{ created_at: string }>;
}

// Specs running beside this one tell the demo vendor of new things (an award, a visit confirmed)
// at any moment: the bell is compared with the server's count at the time, never with a count
// remembered from before, and "all read" means every notification made before the click.
test('the vendor opens one notification, then clears them all', async ({ browser }) => {
  const vendor = await signedInPage(browser, 'vendor@demo.local', '/vendor/dashboard');
  const bell = vendor.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, (\d+|9\+) unread$/);

  await bell.click();
  const menu = vendor.getByRole('menu');
  await expect(menu.getByText('Notifications', { exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await menu.getByRole('button', { name: 'Unread: New HVAC job' }).click();
  await expect(vendor).toHaveURL(/\/vendor\/requests\/\d+$/);
  await expect(async () => {
    const unread = (await unreadNotifications(vendor)).length;
    await expect(bell).toHaveAccessibleName(bellLabel(unread), { timeout: 1_000 });
  }).toPass();

  await vendor.goto('/vendor/notifications');
  await expect(vendor.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const opened = vendor.getByRole('button', { name: 'New HVAC job', exact: true });
  await expect(opened.getByLabel('Read')).toBeVisible();
  const cleared = Date.now();
  await vendor.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(async () => {
    const unread = await unreadNotifications(vendor);
    expect(unread.filter((item) => Date.parse(item.created_at) < cleared)).toEqual([]);
    await expect(vendor.getByRole('button', { name: /^Unread: / })).toHaveCount(unread.length, {
      timeout: 1_000,
    });
    await expect(bell).toHaveAccessibleName(bellLabel(unread.length), { timeout: 1_000 });
  }).toPass();

  // The menu lists the unread ones: none, unless another spec's notice came meanwhile.
  await bell.click();
  const menuList = vendor.getByRole('menu');
  await expect(async () => {
    const unread = (await unreadNotifications(vendor)).length;
    if (unread === 0)
      await expect(menuList.getByText('No notifications yet')).toBeVisible({ timeout: 1_000 });
    else
      await expect(menuList.getByRole('button', { name: /^Unread: / })).toHaveCount(unread, {
        timeout: 1_000,
      });
  }).toPass();
  await vendor.context().close();
});

test('settings are saved and still there after a reload', async ({ browser }) => {
  const vendor = await signedInPage(browser, 'vendor@demo.local', '/vendor/dashboard');
  await vendor.goto('/vendor/settings/profile#notifications');
  const sms = vendor.getByRole('switch', { name: 'SMS notifications' });
  await expect(sms).toBeChecked();
  await sms.uncheck();
  await vendor.getByRole('button', { name: 'Save Changes' }).filter({ visible: true }).click();
  await expect(
    vendor.getByText('Your changes have been saved successfully.').filter({ visible: true }),
  ).toBeVisible();

  await vendor.getByRole('tab', { name: 'Profile Details' }).click();
  await expect(vendor).toHaveURL(/#profile$/);
  const jobTitle = vendor.getByRole('textbox', { name: 'Job Title' });
  await jobTitle.fill('Owner and Lead Technician');
  const phone = vendor.getByRole('textbox', { name: 'Phone Number' });
  await phone.fill('12345');
  await vendor.getByRole('button', { name: 'Save Changes' }).filter({ visible: true }).click();
  await expect(vendor.getByText('Please enter a valid 10-digit phone number')).toBeVisible();
  await phone.fill('3035550199');
  await vendor.getByRole('button', { name: 'Save Changes' }).filter({ visible: true }).click();
  await expect(
    vendor.getByText('Your changes have been saved successfully.').filter({ visible: true }),
  ).toBeVisible();

  await vendor.reload();
  await expect(vendor.getByRole('tab', { name: 'Profile Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(vendor.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Owner and Lead Technician');
  await expect(vendor.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('3035550199');
  await vendor.goto('/vendor/settings#notifications');
  await expect(vendor.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();
  await expect(vendor.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await vendor.context().close();
});
