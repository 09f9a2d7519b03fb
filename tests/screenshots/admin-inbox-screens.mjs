// The admin console's Inbox, both tabs (and a contact message read in full, and all items), at 1280
// and 375 px, for a person to look at. Run after a build, under the shared lock:
//   flock /tmp/fieldbid-browser.lock sh -c 'npm run build && SCREENSHOT_PORT=8236 node tests/screenshots/admin-inbox-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8236);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-admin-inbox';
mkdirSync(out, { recursive: true });

// A long message, so the list shows "Read full message".
{
  const token = await fetch(`${base}/api/get-csrf-token/`);
  const cookie = token.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { csrfToken } = await token.json();
  const form = new FormData();
  form.set('name', 'Marisol Vega');
  form.set('email', 'marisol.vega@cherrycreek.example');
  form.set('phone', '7205550163');
  form.set(
    'message',
    'We look after six mid-rise buildings in Cherry Creek and are replacing the boilers next spring.\n' +
      'Can vendors attach their own photos to a bid, and can we see the in-wall photos before the drywall goes back?\n' +
      'We would also like a short call with your team on Thursday.',
  );
  const sent = await fetch(`${base}/api/contact`, {
    method: 'POST',
    body: form,
    headers: { cookie, 'X-CSRFToken': csrfToken },
  });
  if (sent.status !== 201) throw new Error(`contact message: ${sent.status} ${await sent.text()}`);
}

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[${width}] console: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    await signIn(page, base, 'admin@demo.local');
    const shot = async (name) => {
      await settled(page, 500);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto(`${base}/admin/inbox`);
    await shot('inbox-demo-requests');
    await page.goto(`${base}/admin/inbox?show=all`);
    await shot('inbox-demo-requests-all');
    await page.goto(`${base}/admin/inbox?tab=contact-messages&show=all`);
    await shot('inbox-contact-messages-all');
    await page.getByRole('tab', { name: /^Contact messages/ }).focus();
    const more = page.getByRole('button', { name: 'Read full message' }).filter({ visible: true });
    if (await more.count()) await more.first().click();
    await shot('inbox-contact-message-read');
    await page.goto(`${base}/admin/inbox?tab=contact-messages&search=nobody-wrote-this`);
    await shot('inbox-contact-messages-empty');
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
