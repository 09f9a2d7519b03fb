import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, csrfHeaders, postJson } from './support/api-session.ts';
import { DEMO_PASSWORD, openSignedIn } from './support/login-page.ts';
import { linkFromMail } from './support/mail-outbox.ts';
import { RequestDetailPage } from './support/request-pages.ts';

// Approval before work (docs/decisions/owner-approval.md): the manager sets a limit and an owner on a
// property (Owners and Limits), an award above it waits for the owner, who answers from the mailed
// link on a phone: approves with a typed name and a drawn signature, or declines with a reason.
// The limit is set high ($20,000) on the manager's last property, so the other specs' awards on the
// demo data (a few hundred to $9,000) never wait; the property's settings are put back at the end.

// In the page (these tests' own lib has no DOM).
declare const document: { documentElement: { scrollWidth: number } };

const DEMO_VENDOR = 'Peak Mechanical Services';
const LIMIT = 20_000;
const ABOVE = 25_000;
const OWNER = { name: 'Olivia Owner', email: `owner-${Date.now()}@example.com`, phone: '' };

interface Project {
  id: number;
  name: string;
}
interface PropertyApproval {
  nte_limit: number | null;
  emergency_limit: number | null;
  owners: { name: string; email: string; phone: string }[];
}

let property: Project | null = null;
let original: PropertyApproval | null = null;

test.describe.configure({ mode: 'serial' });

/** The manager's request on the property with the demo vendor's bid: option 2 at $25,000. */
async function requestWithBid(page: Page, browser: Browser, label: string): Promise<number> {
  const created = await postJson(page.request, '/api/requests/', {
    type: 'Plumbing',
    description: `Burst riser in the wall (e2e owner approval ${label} ${Date.now()})`,
    project_id: property!.id,
  });
  const requestId = ((await created.json()) as { id: number }).id;
  const vendor = await browser.newContext();
  await apiSignIn(vendor.request, 'vendor@demo.local', DEMO_PASSWORD);
  const bid = await vendor.request.post(`/api/requests/${requestId}/bid/`, {
    data: {
      proposed_start_date: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
      notes: 'Two ways to fix it.',
      options: [
        { label: 'Patch', amount: 300, estimated_time: 1, estimated_time_unit: 'days' },
        { label: 'Replace the section', amount: ABOVE, estimated_time: 2, estimated_time_unit: 'days' },
      ],
    },
    headers: await csrfHeaders(vendor.request),
  });
  expect(bid.ok(), await bid.text()).toBe(true);
  await vendor.close();
  return requestId;
}

/** The award of option 2, above the limit: the dialog warns and takes a note; the card shows the wait. */
async function awardAboveLimit(page: Page, requestId: number): Promise<void> {
  await new RequestDetailPage(page).goto('property-manager', requestId);
  await page
    .getByRole('button', { name: `Award option: Replace the section ($25,000) to ${DEMO_VENDOR}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Award this option?' });
  await expect(
    dialog.getByText('This is above the limit of $20,000: the owner will be asked to approve it.'),
  ).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Note for the owner' })
    .fill('The patch would fail again within a year.');
  await dialog.getByRole('button', { name: 'Ask the owner' }).click();
  await expect(page.getByText('Sent to the owner for approval')).toBeVisible();
  const card = page.getByRole('region', { name: 'Owner approval' });
  await expect(card.getByText("Waiting for the owner's approval")).toBeVisible();
  await expect(card.getByText('$25,000 (limit $20,000)')).toBeVisible();
  const detail = (await (await page.request.get(`/api/requests/${requestId}/`)).json()) as { status: string };
  expect(detail.status).toBe('open');
}

/** The owner's link from the mail, read through the staff-only outbox. */
async function ownerLink(browser: Browser): Promise<string> {
  const staff = await browser.newContext();
  await apiSignIn(staff.request, 'admin@demo.local', DEMO_PASSWORD);
  const link = await linkFromMail(staff.request, OWNER.email, /\/owner-approval\/[A-Za-z0-9_.~-]+/);
  await staff.close();
  return link;
}

async function restoreProperty(request: APIRequestContext) {
  if (!property || !original) return;
  const { nte_limit, emergency_limit, owners } = original;
  const response = await request.put(`/api/projects/${property.id}/owner-approval/`, {
    data: {
      nte_limit,
      emergency_limit,
      owners: owners.map(({ name, email, phone }) => ({ name, email, phone })),
    },
    headers: await csrfHeaders(request),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.afterAll(async ({ browser }) => {
  const manager = await browser.newContext();
  await apiSignIn(manager.request, 'manager@demo.local', DEMO_PASSWORD);
  await restoreProperty(manager.request);
  await manager.close();
});

test('the owner approves on a phone with a drawn signature; the manager sees In Progress and the certificate', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  const projects = (await (await page.request.get('/api/user/projects/')).json()) as Project[];
  property = projects[projects.length - 1]!;
  const before = await page.request.get(`/api/projects/${property.id}/owner-approval/`);
  expect(before.ok(), await before.text()).toBe(true);
  original = (await before.json()) as PropertyApproval;

  await test.step('Owners and Limits: a $20,000 limit and an owner on the property', async () => {
    await page
      .getByRole('navigation', { name: 'Property Manager Portal' })
      .getByRole('link', { name: 'Owners and Limits' })
      .click();
    await expect(page.getByRole('heading', { name: 'Owners and Limits', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: `Limits of ${property!.name}` });
    await section.getByRole('textbox', { name: 'Limit', exact: true }).fill(String(LIMIT));
    const remove = section.getByRole('button', { name: /^Remove owner/ });
    while ((await remove.count()) > 0) await remove.first().click();
    await section.getByRole('button', { name: 'Add an owner' }).click();
    await section.getByRole('textbox', { name: 'Name' }).fill(OWNER.name);
    await section.getByRole('textbox', { name: 'Email' }).fill(OWNER.email);
    await section.getByRole('button', { name: `Save ${property!.name}` }).click();
    await expect(page.getByText(`${property!.name}: saved.`)).toBeVisible();
    await expect(section.getByText('Limit that applies: $20,000')).toBeVisible();
  });

  const requestId = await requestWithBid(page, browser, 'approve');
  await test.step('the award above the limit waits for the owner', () => awardAboveLimit(page, requestId));

  const link = await ownerLink(browser);
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  const owner = await phone.newPage();
  await test.step('the owner opens the link on a phone: the work, the bid, the note, the terms', async () => {
    await owner.goto(link);
    await expect(owner.getByRole('heading', { name: `Approval needed: ${property!.name}` })).toBeVisible();
    await expect(owner.getByTestId('owner-chosen-amount')).toHaveText('$25,000');
    await expect(owner.getByText('The patch would fail again within a year.')).toBeVisible();
    const terms = owner.getByLabel('Terms');
    const approve = owner.getByRole('button', { name: 'Approve', exact: true });
    await expect(terms).toBeVisible();
    const termsBox = await terms.boundingBox();
    const approveBox = await approve.boundingBox();
    expect(termsBox!.y).toBeLessThan(approveBox!.y);
    // Nothing wider than the phone.
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  await test.step('an empty signature is refused; a drawn one with the typed name approves', async () => {
    const approve = owner.getByRole('button', { name: 'Approve', exact: true });
    await approve.click();
    await expect(owner.getByText('Sign in the box.')).toBeVisible();
    const canvas = owner.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await owner.mouse.move(box.x + 30, box.y + 100);
    await owner.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await owner.mouse.move(box.x + 30 + step * 20, box.y + 100 + (step % 2 === 0 ? -40 : 40));
    }
    await owner.mouse.up();
    await owner.getByRole('textbox', { name: 'Your full name' }).fill(OWNER.name);
    await approve.click();
    await expect(owner.getByRole('heading', { name: 'Approved. Thank you.' })).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Download the approval certificate' })).toBeVisible();
  });
  await phone.close();

  await test.step('the manager sees In Progress and the certificate', async () => {
    await page.reload();
    await expect(page.getByText('In Progress', { exact: true }).first()).toBeVisible();
    const card = page.getByRole('region', { name: 'Owner approval' });
    await expect(card.getByText('Approved by the owner')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Approval certificate' })).toBeVisible();
  });
});

test('the owner asks a question, then declines with a reason; the request stays open', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  expect(property, 'the first test set the property up').not.toBeNull();
  const requestId = await requestWithBid(page, browser, 'decline');
  await test.step('the award above the limit waits for the owner', () => awardAboveLimit(page, requestId));

  const link = await ownerLink(browser);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await desk.newPage();
  await owner.goto(link);
  await expect(owner.getByRole('heading', { name: `Approval needed: ${property!.name}` })).toBeVisible();

  await test.step('a question reaches the manager; the link stays open', async () => {
    await owner.getByRole('button', { name: 'Ask a question' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Ask the property manager' });
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('Is the riser under warranty?');
    await dialog.getByRole('button', { name: 'Send the question' }).click();
    await expect(
      owner.getByText('Your question was sent to the property manager. This link stays open.'),
    ).toBeVisible();
  });

  await test.step('Decline with a reason', async () => {
    await owner.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Decline this work' });
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Say why you decline.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Why do you decline?' }).fill('Get a second opinion first.');
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(owner.getByRole('heading', { name: 'Declined.' })).toBeVisible();
  });

  await test.step('the used link shows a plain sentence, no form', async () => {
    await owner.reload();
    await expect(owner.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(owner.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);
  });
  await desk.close();

  await test.step('the manager sees the decline and the request still open', async () => {
    await page.reload();
    const card = page.getByRole('region', { name: 'Owner approval' });
    await expect(card.getByText('Declined by the owner')).toBeVisible();
    await expect(card.getByText(/Get a second opinion first\./).first()).toBeVisible();
    const detail = (await (await page.request.get(`/api/requests/${requestId}/`)).json()) as {
      status: string;
    };
    expect(detail.status).toBe('open');
  });

  await test.step('an unknown link says so, with no form', async () => {
    await owner
      .context()
      .newPage()
      .catch(() => undefined);
    const stranger = await browser.newPage();
    await stranger.goto('/owner-approval/not-a-real-token');
    await expect(stranger.getByText('This link is not valid.')).toBeVisible();
    await expect(stranger.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await stranger.close();
  });
});
