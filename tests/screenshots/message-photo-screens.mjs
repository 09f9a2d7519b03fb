// Screenshots of photos in messages at 375 px (the vendor's phone, by touch) and 1280 px (the
// manager's desk): the composer with a photo chosen, the thread with photos, and one opened full
// size. Run after a build, under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && node tests/screenshots/message-photo-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base } = await startScreenshotServer(8308);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/fieldbid-message-photo-screens';
const photo = new URL('../e2e/fixtures/site-photo.png', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const shoot = async (page, name) => {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png` });
};

const browser = await launchBrowser();

// The vendor on a phone: choose a photo, send it, open it.
const phone = await browser.newContext({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
});
const vendorPage = await phone.newPage();
await signIn(vendorPage, base, 'vendor@demo.local');
const jobs = await (await vendorPage.request.get(`${base}/api/vendor/jobs/?status=open&page_size=50`)).json();
const job = jobs.results[jobs.results.length - 1];
await vendorPage.goto(`${base}/vendor/messages/${job.id}`);
await settled(vendorPage, 500);
await vendorPage.getByTestId('message-photo-input').setInputFiles([photo, photo]);
await vendorPage
  .getByRole('textbox', { name: 'Message' })
  .fill('The shut-off valve under the sink, and the wet cabinet floor.');
await shoot(vendorPage, 'photos-375-composer');
await vendorPage.getByRole('button', { name: 'Send message' }).tap();
const sent = vendorPage.getByRole('button', { name: 'Open photo 2 of 2 full size' }).last();
await sent.waitFor();
await settled(vendorPage, 800);
await shoot(vendorPage, 'photos-375-thread');
await sent.tap();
await vendorPage.getByRole('dialog').waitFor();
await settled(vendorPage, 800);
await shoot(vendorPage, 'photos-375-full');
const thread = await (await vendorPage.request.get(`${base}/api/messages/?request=${job.id}`)).json();
const vendorId = thread[thread.length - 1].vendor;
await phone.close();

// The manager at a desk: the thread with the vendor's photos, a reply with a photo chosen, one opened.
const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const managerPage = await desk.newPage();
await signIn(managerPage, base, 'manager@demo.local');
await managerPage.goto(`${base}/property-manager/messages?request=${job.id}&vendor=${vendorId}`);
await managerPage.getByRole('button', { name: 'Open photo 1 of 2 full size' }).last().waitFor();
await settled(managerPage, 800);
await shoot(managerPage, 'photos-1280-thread');
await managerPage.getByTestId('message-photo-input').setInputFiles(photo);
await managerPage.getByRole('textbox', { name: 'Message' }).fill('Thanks. Is this the valve you mean?');
await shoot(managerPage, 'photos-1280-composer');
await managerPage.getByRole('button', { name: 'Open photo 1 of 2 full size' }).last().click();
await managerPage.getByRole('dialog').waitFor();
await settled(managerPage, 800);
await shoot(managerPage, 'photos-1280-full');
await desk.close();
await browser.close();
process.exit(0);
