// Notifications away from the screen: Settings → Notifications for a vendor and a manager,
// the admin console's Deliveries after a few real deliveries (sent mail and texts, a push to a
// device that does not answer), and the bid-success dialog's "Turn on notifications on this device",
// at 1280 and 375 px, for a person to look at. Run after a build:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8234 node tests/screenshots/notification-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8234);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

/** A signed-in API call from the page's own context (its cookies, the session's CSRF token). */
async function call(page, method, path, data) {
  const { csrfToken } = await (await page.request.get(`${base}/api/get-csrf-token/`)).json();
  const answer = await page.request.fetch(`${base}${path}`, {
    method,
    data,
    headers: { 'X-CSRFToken': csrfToken, 'Content-Type': 'application/json' },
  });
  if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

const browser = await launchBrowser();
/** A fresh open request per width, for the vendor to bid on. */
const requestIds = {};
try {
  // Some deliveries for the staff view: the vendor takes texts for new jobs and has a device whose
  // push service never answers (retried), then the manager raises a Plumbing request.
  {
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, base, 'vendor@demo.local');
    await call(page, 'PUT', '/api/notification-settings/', {
      email_notifications: true,
      sms_notifications: true,
      categories: { new_jobs: { email: true, sms: true, push: true } },
      quiet_hours: { enabled: false, start: '21:00', end: '07:00', time_zone: 'America/Denver' },
    });
    await call(page, 'POST', '/api/push/subscriptions/', {
      endpoint: 'https://127.0.0.1:9/push/screenshot-device',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    await context.close();
    const manager = await newPage(browser, 1280);
    await signIn(manager.page, base, 'manager@demo.local');
    const [property] = await call(manager.page, 'GET', '/api/user/projects/');
    for (const width of [1280, 375]) {
      requestIds[width] = (
        await call(manager.page, 'POST', '/api/requests/', {
          type: 'Plumbing',
          description: `Shower valve drips (${width})`,
          priority: 'medium',
          property_id: property.id,
        })
      ).id;
    }
    await call(manager.page, 'POST', '/api/requests/', {
      type: 'Plumbing',
      description: 'Water heater in unit 204 is leaking',
      priority: 'high',
      property_id: property.id,
    });
    await manager.context.close();
    await new Promise((resolve) => setTimeout(resolve, 6000));
  }

  for (const width of [1280, 375]) {
    for (const [who, email, path] of [
      ['vendor', 'vendor@demo.local', '/vendor/settings/profile#notifications'],
      ['manager', 'manager@demo.local', '/property-manager/settings/profile#notifications'],
      ['admin', 'admin@demo.local', '/admin/deliveries'],
    ]) {
      const { context, page } = await newPage(browser, width);
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`[${who} ${width}] console: ${message.text()}`);
      });
      page.on('pageerror', (error) => console.log(`[${who} ${width}] page error: ${error.message}`));
      await signIn(page, base, email);
      await page.goto(`${base}${path}`);
      await settled(page, 800);
      const name = who === 'admin' ? 'admin-deliveries' : `settings-notifications-${who}`;
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
      await context.close();
    }

    // A new bid: the success dialog offers push on this device (never a prompt on page load).
    const { context, page } = await newPage(browser, width);
    await signIn(page, base, 'vendor@demo.local');
    await page.goto(`${base}/vendor/requests/${requestIds[width]}`);
    await page.getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Bid Amount').fill('380');
    await dialog.getByLabel('Estimated Time').fill('2');
    await dialog.getByRole('button', { name: 'Proposed Start Date' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const month = next.toLocaleString('en-US', { month: 'long' });
    await page.getByRole('button', { name: `15 ${month} ${next.getFullYear()}` }).click();
    await page.getByRole('button', { name: 'Confirm date and time' }).click();
    await dialog.getByRole('button', { name: 'Submit Bid' }).click();
    await dialog.getByText('Hear back the moment it is decided').waitFor();
    await settled(page, 500);
    await page.screenshot({ path: `${out}/bid-success-push-${width}.png`, fullPage: false });
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
