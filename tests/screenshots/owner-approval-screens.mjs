// Approval before work: the owner's page (waiting, refused signature, question sent, approved,
// declined, a link not valid) and the manager's screens (Owners and Limits, the award dialog above
// the limit, the Owner approval card), at 1280 and 375 px, for a person to look at. The owner
// approval answers are stubbed in the browser, so the screens show every state on the demo data.
// Run after a build, under the shared lock:
//   flock /tmp/e2e.lock sh -c 'npm run build && SCREENSHOT_PORT=8248 node tests/screenshots/owner-approval-screens.mjs'
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, settled, signIn } from './screenshot-page.mjs';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8248);
const out = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
const ownerPage = (status) => ({
  status,
  owner_name: 'Olivia Owner',
  property_name: 'Maple Court Apartments',
  property_address: '120 Maple Court, Springfield',
  request: {
    number: '#1042',
    service_type: 'Plumbing',
    description:
      'Water is coming through the ceiling of unit 3B. The riser in the wall behind the kitchen looks corroded.',
    photos: [{ url: '/icons/icon-512.png' }, { url: '/icons/icon-192.png' }],
    spot: {
      plan_url: '/images/hero-illustration.svg',
      x: 0.4,
      y: 0.55,
      nearest_photo_url: '/icons/icon-512.png',
    },
  },
  chosen: {
    vendor_name: 'Peak Mechanical Services',
    label: 'Replace the section',
    amount: 25000,
    notes: 'Includes a two-year warranty on parts and labour.',
    lines: [
      { description: 'Copper riser, 3 in.', quantity: 40, unit: 'ft', unit_price: 180, total: 7200 },
      {
        description: 'Open and close the wall, 3 floors',
        quantity: 3,
        unit: 'floor',
        unit_price: 3600,
        total: 10800,
      },
      { description: 'Labour', quantity: 56, unit: 'h', unit_price: 125, total: 7000 },
    ],
  },
  others: [
    { vendor_name: 'Vendor B', label: '', amount: 31000 },
    { vendor_name: 'Vendor C', label: 'Patch only', amount: 4800 },
  ],
  nte_limit: 20000,
  recommendation_note: 'A patch would fail again within a year; Peak is the lowest full replacement.',
  manager_name: 'Morgan Manager',
  terms:
    'By approving, you authorise the property manager to award this work to the vendor named above for the amount shown. Your typed name and signature are kept with this document.',
  document_hash: 'a'.repeat(64),
  expires_at: later,
  decided_at: status === 'waiting' ? null : new Date().toISOString(),
  certificate_url: status === 'approved' ? '/api/owner-approvals/x/certificate/' : null,
});

const approval = (status) => ({
  id: 1,
  request_id: 1,
  status,
  bid_id: 1,
  option: 2,
  vendor_name: 'Peak Mechanical Services',
  amount: 25000,
  nte_limit: 20000,
  recommendation_note: 'A patch would fail again within a year.',
  document_hash: 'a'.repeat(64),
  expires_at: later,
  decided_at: status === 'waiting' ? null : new Date().toISOString(),
  decided_by_name: status === 'approved' ? 'Olivia Owner' : '',
  decision_note: '',
  owners: [{ name: 'Olivia Owner', email: 'olivia@example.com' }],
  certificate_url: status === 'approved' ? '/api/requests/1/owner-approval/certificate/' : null,
  history: [
    { event: 'asked', at: new Date(Date.now() - 3_600_000).toISOString(), actor: 'Morgan Manager', note: '' },
    {
      event: 'link_sent',
      at: new Date(Date.now() - 3_590_000).toISOString(),
      actor: '',
      note: 'olivia@example.com',
    },
    { event: 'opened', at: new Date(Date.now() - 600_000).toISOString(), actor: 'Olivia Owner', note: '' },
    ...(status === 'approved'
      ? [{ event: 'approved', at: new Date().toISOString(), actor: 'Olivia Owner', note: '' }]
      : []),
  ],
});

const json = (body, status = 200) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const browser = await launchBrowser();
try {
  for (const width of [1280, 375]) {
    const { context, page } = await newPage(browser, width);
    page.on('pageerror', (error) => console.log(`[${width}] page error: ${error.message}`));
    const shot = async (name) => {
      await settled(page, 500);
      await page.screenshot({ path: `${out}/owner-${name}-${width}.png`, fullPage: true });
    };
    let status = 'waiting';
    await page.route('**/api/owner-approvals/**', (route) => {
      const url = route.request().url();
      if (url.includes('/not-valid/')) return route.fulfill(json({ detail: 'This link is not valid.' }, 404));
      if (url.includes('/used/')) return route.fulfill(json({ detail: 'This link was already used.' }, 410));
      if (route.request().method() === 'POST') {
        if (url.endsWith('/approve/')) status = 'approved';
        if (url.endsWith('/decline/')) status = 'declined';
        return route.fulfill(json({ ok: true }));
      }
      return route.fulfill(json(ownerPage(status)));
    });

    await page.goto(`${base}/owner-approval/tok`);
    await page.getByRole('heading', { name: /Approval needed/ }).waitFor();
    await shot('page-waiting');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Sign in the box.').waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).scrollIntoViewIfNeeded();
    await settled(page, 200);
    await page.screenshot({ path: `${out}/owner-page-sign-error-${width}.png` });
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.getByRole('textbox', { name: 'Your question' }).fill('Is the riser under warranty?');
    await settled(page, 300);
    await page.screenshot({ path: `${out}/owner-page-question-dialog-${width}.png` });
    await page.getByRole('button', { name: 'Send the question' }).click();
    await page.getByText('Your question was sent').waitFor();
    await page.getByText('Your question was sent').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/owner-page-question-sent-${width}.png` });
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Decline this work' })
      .getByRole('button', { name: 'Decline' })
      .click();
    await settled(page, 300);
    await page.screenshot({ path: `${out}/owner-page-decline-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await settled(page, 300);
    // A signature drawn with the mouse, then Approve.
    const canvas = page.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + 20, box.y + 100);
    await page.mouse.down();
    for (let step = 1; step <= 14; step += 1) {
      await page.mouse.move(box.x + 20 + step * 18, box.y + 100 + (step % 2 === 0 ? -45 : 45));
    }
    await page.mouse.up();
    await page.screenshot({ path: `${out}/owner-page-signed-${width}.png` });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('heading', { name: 'Approved. Thank you.' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('page-approved');
    status = 'declined';
    await page.goto(`${base}/owner-approval/tok2`);
    await page.getByRole('heading', { name: 'Declined.' }).waitFor();
    await shot('page-declined');
    await page.goto(`${base}/owner-approval/not-valid`);
    await page.getByText('This link is not valid.').waitFor();
    await shot('page-not-valid');
    await page.goto(`${base}/owner-approval/used`);
    await page.getByText('This link was already used.').waitFor();
    await shot('page-used');

    // The manager's screens.
    let managerStatus = 'waiting';
    await page.route('**/api/requests/*/owner-approval/', (route) =>
      route.fulfill(json({ approval: managerStatus === 'none' ? null : approval(managerStatus) })),
    );
    await page.route('**/api/projects/*/owner-approval/', (route) =>
      route.fulfill(
        json({
          project_id: 1,
          nte_limit: 20000,
          emergency_limit: 5000,
          owners: [{ id: 1, name: 'Olivia Owner', email: 'olivia@example.com', phone: '555-0100' }],
          effective_nte_limit: 20000,
        }),
      ),
    );
    await page.route('**/api/clients/*/approval-settings/', (route) =>
      route.fulfill(
        json({
          client_id: 1,
          default_nte_limit: 2500,
          allow_override: true,
          hide_vendor_names: true,
          approval_expiry_days: 7,
        }),
      ),
    );
    await signIn(page, base, 'manager@demo.local');
    await page.goto(`${base}/property-manager/owners`);
    await page.getByRole('heading', { name: 'Owners and Limits' }).waitFor();
    await shot('manager-owners-limits');
    // A request of its own with the demo vendor's bid, open.
    const csrf = async (request) => ({
      'X-CSRFToken': (await (await request.get(`${base}/api/get-csrf-token/`)).json()).csrfToken,
    });
    const projects = await (await page.request.get(`${base}/api/user/projects/`)).json();
    const created = await page.request.post(`${base}/api/requests/`, {
      data: {
        type: 'Plumbing',
        description: 'Burst riser behind the kitchen wall',
        project_id: projects[0].id,
      },
      headers: await csrf(page.request),
    });
    const openId = (await created.json()).id ?? null;
    const vendor = await browser.newContext();
    await vendor.request.post(`${base}/api/users/login/`, {
      data: { email: 'vendor@demo.local', password: 'demo12345' },
      headers: await csrf(vendor.request),
    });
    await vendor.request.post(`${base}/api/requests/${openId}/bid/`, {
      data: {
        proposed_start_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        notes: 'Full replacement of the riser section.',
        amount: 25000,
        estimated_time: 2,
        estimated_time_unit: 'days',
      },
      headers: await csrf(vendor.request),
    });
    await vendor.close();
    if (openId !== null) {
      managerStatus = 'none';
      await page.goto(`${base}/property-manager/requests/${openId}`);
      await page
        .getByRole('heading', { name: /Maintenance/ })
        .first()
        .waitFor();
      await shot('manager-detail-limit');
      const award = page.getByRole('button', { name: /^Award/ }).first();
      await award.click();
      await page.getByRole('dialog').waitFor();
      await settled(page, 300);
      await page.screenshot({ path: `${out}/owner-manager-award-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      managerStatus = 'waiting';
      await page.reload();
      await page.getByRole('region', { name: 'Owner approval' }).waitFor();
      await page.screenshot({ path: `${out}/owner-manager-card-waiting-${width}.png` });
      await page.getByRole('button', { name: 'Award without the owner' }).click();
      await page.getByRole('dialog', { name: 'Award without the owner' }).waitFor();
      await settled(page, 300);
      await page.screenshot({ path: `${out}/owner-manager-override-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      managerStatus = 'approved';
      await page.reload();
      await page.getByRole('region', { name: 'Owner approval' }).waitFor();
      await page.screenshot({ path: `${out}/owner-manager-card-approved-${width}.png` });
    } else {
      console.log('no open request with pending bids in the demo data');
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
}
