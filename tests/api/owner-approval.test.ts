import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { ownerApprovalLinks, ownerApprovals } from '#server/db/schema/owner-approvals.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { documentHash } from '#server/owner-approval/approval-document.ts';
import type {
  ClientApprovalSettings,
  OwnerApproval,
  OwnerApprovalPage,
  PropertyApproval,
} from '#shared/owner-approval-schemas.ts';
import type { LifecycleAnswer } from '#shared/request-responses.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { png, pngClaiming } from '../support/test-images.ts';

// Approval before work (docs/decisions/owner-approval.md): an award above the request's limit waits
// for the property's owners, who answer through a mailed single-use link without an account.

let t: TestApp;
let manager: TestClient;
let managerId: number;
let clientId: number;
let ownerBrowser: TestClient;
let sequence = 0;

const signature = `data:image/png;base64,${png(40, 20).toString('base64')}`;

/** A property of the client with its limit and owners set through the API. */
async function property(settings: {
  nte_limit: number | null;
  emergency_limit?: number | null;
  owners?: number;
}) {
  const project = await makeProject(t.db, { clientId, timeZone: 'America/Denver' });
  const owners = Array.from({ length: settings.owners ?? 1 }, (_, index) => {
    sequence += 1;
    return { name: `Olive Owner ${sequence}`, email: `owner${sequence}-${index}@example.com`, phone: '' };
  });
  const saved = await manager.request('PUT', `/api/projects/${project.id}/owner-approval/`, {
    json: { nte_limit: settings.nte_limit, emergency_limit: settings.emergency_limit ?? null, owners },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id: project.id, owners: saved.json<PropertyApproval>().owners };
}

/** An open request on the property with two pending bids: $1,200 (Rita Roofs) and $900 (Cheap Co). */
async function requestWithBids(projectId: number, request: { isEmergency?: boolean } = {}) {
  const row = await makeRequest(t.db, {
    createdById: managerId,
    projectId,
    description: 'Leaking roof over 3B',
    ...request,
  });
  const winner = await makeVendor(t.db, { companyName: 'Rita Roofs' });
  const other = await makeVendor(t.db, { companyName: 'Cheap Co' });
  const bid = await makeBid(t.db, {
    requestId: row.id,
    vendorId: winner.id,
    amount: 1200,
    notes: 'Replace the flashing',
    lineItems: [{ description: 'Flashing', quantity: 4, unit: 'each', unit_price: 300, total: 1200 }],
  });
  const otherBid = await makeBid(t.db, { requestId: row.id, vendorId: other.id, amount: 900 });
  return { requestId: row.id, bid, otherBid, winnerId: winner.id, otherVendorId: other.id };
}

const award = (requestId: number, bidId: number, extra: Record<string, unknown> = {}) =>
  manager.post(`/api/requests/${requestId}/award/`, { bid_id: bidId, ...extra });

/** The tokens of the links mailed to `email`, newest last. */
async function linksMailedTo(email: string): Promise<string[]> {
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(mailOutbox.id);
  return mails.flatMap((mail) =>
    [...mail.textBody.matchAll(/\/owner-approval\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!),
  );
}

async function requestRow(requestId: number) {
  const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, requestId));
  return row!;
}

/** A waiting approval: the award above the limit, and the first owner's token. */
async function waitingApproval(options: { limit?: number; owners?: number; hide?: boolean } = {}) {
  const place = await property({ nte_limit: options.limit ?? 1000, owners: options.owners });
  const world = await requestWithBids(place.id);
  const answer = await award(world.requestId, world.bid.id, { recommendation_note: 'Fastest and insured' });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<LifecycleAnswer>();
  expect(body.owner_approval).toMatchObject({ status: 'waiting' });
  const token = (await linksMailedTo(place.owners[0]!.email)).at(-1)!;
  return { ...world, place, approvalId: body.owner_approval!.id, token };
}

const page = (token: string) => ownerBrowser.get(`/api/owner-approvals/${token}/`);
const approve = (token: string, hash: string, extra: Record<string, unknown> = {}) =>
  ownerBrowser.post(
    `/api/owner-approvals/${token}/approve/`,
    { typed_name: 'Olive Owner', signature, document_hash: hash, ...extra },
    { headers: { 'user-agent': 'OwnerBrowser/1.0' } },
  );

/** The text a PDF draws (pdf-lib writes each line as a hex string in a deflated content stream). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    for (const literal of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) texts.push(literal[1]!);
  }
  return texts.join('\n');
}

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://fieldbid.test' });
  const company = await makeClient(t.db, { name: 'Acme Property Co' });
  clientId = company.id;
  const user = await makeUser(t.db, {
    type: 'property_manager',
    clientId,
    firstName: 'Mona',
    lastName: 'Manager',
  });
  managerId = user.id;
  manager = await signIn(t.app, user.email);
  ownerBrowser = new TestClient(t.app, '203.0.113.7');
});

afterAll(async () => {
  await t?.close();
});

describe('limits', () => {
  it('sets the client default, the property and the request limit; the nearest one applies', async () => {
    const put = await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: 5000,
        allow_override: false,
        hide_vendor_names: false,
        approval_expiry_days: 7,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ClientApprovalSettings>()).toMatchObject({
      client_id: clientId,
      default_nte_limit: 5000,
    });

    const place = await property({ nte_limit: null });
    const read = await manager.get(`/api/projects/${place.id}/owner-approval/`);
    expect(read.json<PropertyApproval>()).toMatchObject({ nte_limit: null, effective_nte_limit: 5000 });
    const set = await property({ nte_limit: 800 });
    expect(
      (await manager.get(`/api/projects/${set.id}/owner-approval/`)).json<PropertyApproval>()
        .effective_nte_limit,
    ).toBe(800);

    const { requestId } = await requestWithBids(set.id);
    const own = await manager.request('PUT', `/api/requests/${requestId}/approval-limit/`, {
      json: { nte_limit: 2500, is_emergency: false },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ nte_limit: 2500, effective_nte_limit: 2500 });
    const cleared = await manager.request('PUT', `/api/requests/${requestId}/approval-limit/`, {
      json: { nte_limit: null, is_emergency: false },
    });
    expect(cleared.json()).toMatchObject({ nte_limit: null, effective_nte_limit: 800 });

    // Back to no default, so the rest of the file sets its limits per property.
    await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: null,
        allow_override: false,
        hide_vendor_names: false,
        approval_expiry_days: 7,
      },
    });
  });

  it("refuses another client's manager and a vendor", async () => {
    const stranger = await makeUser(t.db, {
      type: 'property_manager',
      clientId: (await makeClient(t.db)).id,
    });
    const strangerClient = await signIn(t.app, stranger.email);
    expect((await strangerClient.get(`/api/clients/${clientId}/approval-settings/`)).statusCode).toBe(403);
    const place = await property({ nte_limit: 100 });
    expect((await strangerClient.get(`/api/projects/${place.id}/owner-approval/`)).statusCode).toBe(403);
    const vendor = await signIn(t.app, (await makeVendor(t.db)).email);
    expect((await vendor.get(`/api/clients/${clientId}/approval-settings/`)).statusCode).toBe(403);
    expect((await ownerBrowser.get(`/api/clients/${clientId}/approval-settings/`)).statusCode).toBe(401);
  });
});

describe('award gating', () => {
  it('awards under the limit at once, as before', async () => {
    const place = await property({ nte_limit: 5000 });
    const { requestId, bid } = await requestWithBids(place.id);
    const answer = await award(requestId, bid.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LifecycleAnswer>()).toMatchObject({ status: 'in_progress', awarded_bid_id: bid.id });
    expect(answer.json<LifecycleAnswer>().owner_approval).toBeUndefined();
    const approvals = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.requestId, requestId));
    expect(approvals).toEqual([]);
  });

  it('puts an award above the limit to every owner: the request stays open, each owner mailed a link', async () => {
    const { requestId, bid, winnerId, otherVendorId, place, approvalId } = await waitingApproval({
      owners: 2,
    });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'open', awardedBidId: null, isOpenForBids: true });
    const [stored] = await t.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(stored!.status).toBe('pending');
    for (const owner of place.owners) {
      const tokens = await linksMailedTo(owner.email);
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const links = await t.db
      .select()
      .from(ownerApprovalLinks)
      .where(eq(ownerApprovalLinks.approvalId, approvalId));
    expect(links).toHaveLength(2);
    // Only the hash is stored.
    const token = (await linksMailedTo(place.owners[0]!.email))[0]!;
    expect(links.map((link) => link.tokenHash)).not.toContain(token);

    const told = await t.db.select().from(notifications).where(eq(notifications.relatedRequestId, requestId));
    expect(told.filter((n) => n.userId === winnerId).map((n) => n.title)).toEqual([
      "Waiting for the owner's approval",
    ]);
    expect(told.filter((n) => n.userId === otherVendorId)).toEqual([]);

    const seen = await manager.get(`/api/requests/${requestId}/owner-approval/`);
    expect(seen.statusCode).toBe(200);
    const approval = seen.json<{ approval: OwnerApproval }>().approval;
    expect(approval).toMatchObject({
      id: approvalId,
      status: 'waiting',
      amount: 1200,
      nte_limit: 1000,
      vendor_name: 'Rita Roofs',
    });
    expect(approval.owners).toHaveLength(2);
    expect(approval.history.map((event) => event.event)).toEqual(['asked', 'link_sent', 'link_sent']);

    // The stored hash is the SHA-256 of the stored document, serialised canonically.
    const [row2] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, approvalId));
    expect(documentHash(row2!.document)).toBe(row2!.documentHash);
    expect(row2!.documentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses (409) an award above the limit when the property has no owner contact', async () => {
    const place = await property({ nte_limit: 1000, owners: 0 });
    const { requestId, bid } = await requestWithBids(place.id);
    const answer = await award(requestId, bid.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(
      "This award is above the property's limit of $1,000 and the property has no owner contact to approve it. Add one under Owners and limits, or raise the limit.",
    );
    expect((await requestRow(requestId)).status).toBe('open');
  });

  it('awards an emergency within the emergency limit at once and mails the owners', async () => {
    const place = await property({ nte_limit: 1000, emergency_limit: 2000 });
    const { requestId, bid } = await requestWithBids(place.id, { isEmergency: true });
    const answer = await award(requestId, bid.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LifecycleAnswer>()).toMatchObject({ status: 'in_progress', awarded_bid_id: bid.id });
    const [approval] = await t.db
      .select()
      .from(ownerApprovals)
      .where(eq(ownerApprovals.requestId, requestId));
    expect(approval!.status).toBe('emergency');
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, place.owners[0]!.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Emergency work was awarded at Project \d+$/);
    expect(mails[0]!.textBody).toContain('Rita Roofs, $1,200');
    const certificate = await manager.get(`/api/requests/${requestId}/owner-approval/certificate.pdf`);
    expect(certificate.statusCode).toBe(200);
    expect(pdfText(certificate.rawPayload)).toContain('Emergency award');
  });

  it('another award while one waits withdraws the first and revokes its links', async () => {
    const first = await waitingApproval();
    const again = await award(first.requestId, first.otherBid.id);
    // $900 is under the $1,000 limit: awarded at once.
    expect(again.json<LifecycleAnswer>()).toMatchObject({
      status: 'in_progress',
      awarded_bid_id: first.otherBid.id,
    });
    const [old] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, first.approvalId));
    expect(old!.status).toBe('withdrawn');
    const gone = await page(first.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().detail).toBe('This link was withdrawn by the property manager.');
  });
});

describe("the owner's link", () => {
  it('shows the page, approves with a signature, awards, and is single use', async () => {
    const w = await waitingApproval();
    const shown = await page(w.token);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json<OwnerApprovalPage>();
    expect(body).toMatchObject({
      status: 'waiting',
      chosen: { vendor_name: 'Rita Roofs', amount: 1200, notes: 'Replace the flashing' },
      others: [{ vendor_name: 'Cheap Co', amount: 900 }],
      nte_limit: 1000,
      recommendation_note: 'Fastest and insured',
      manager_name: 'Mona Manager',
      decided_at: null,
    });
    expect(body.terms).toContain(
      'By approving, you authorise Acme Property Co to have Rita Roofs carry out the work described above for up to $1,200',
    );
    expect(body.chosen.lines).toEqual([
      { description: 'Flashing', quantity: 4, unit: 'each', unit_price: 300, total: 1200 },
    ]);

    const done = await approve(w.token, body.document_hash);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<OwnerApprovalPage>()).toMatchObject({ status: 'approved' });
    expect(done.json<OwnerApprovalPage>().certificate_url).toBe(
      `/api/owner-approvals/${w.token}/certificate.pdf`,
    );

    expect(await requestRow(w.requestId)).toMatchObject({ status: 'in_progress', awardedBidId: w.bid.id });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.relatedRequestId, w.requestId));
    expect(told.filter((n) => n.userId === w.winnerId).map((n) => n.kind)).toContain('bid_accepted');
    expect(told.filter((n) => n.userId === w.otherVendorId).map((n) => n.kind)).toEqual(['bid_rejected']);
    expect(told.filter((n) => n.userId === managerId).map((n) => n.title)).toContain(
      'The owner approved the award',
    );

    const [approval] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, w.approvalId));
    expect(approval).toMatchObject({
      status: 'approved',
      decidedByName: 'Olive Owner',
      decisionIp: '203.0.113.7',
      decisionUserAgent: 'OwnerBrowser/1.0',
    });
    expect(approval!.signatureKey).toMatch(/^owner-signatures\//);

    const replay = await approve(w.token, body.document_hash);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().detail).toBe('This approval was already answered.');

    for (const url of [
      `/api/owner-approvals/${w.token}/certificate.pdf`,
      `/api/requests/${w.requestId}/owner-approval/certificate.pdf`,
    ]) {
      const pdf = url.startsWith('/api/owner') ? await ownerBrowser.get(url) : await manager.get(url);
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const text = pdfText(pdf.rawPayload);
      for (const expected of [
        'Approval certificate',
        '$1,200',
        'Rita Roofs',
        'Olive Owner',
        body.document_hash,
        '203.0.113.7',
        'OwnerBrowser/1.0',
        'Flashing',
        'America/Denver',
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
  });

  it('refuses a document hash other than the one stored (409) and a signature that is no PNG (400)', async () => {
    const w = await waitingApproval();
    const wrong = await approve(w.token, 'a'.repeat(64));
    expect(wrong.statusCode).toBe(409);
    const notPng = await approve(w.token, (await page(w.token)).json<OwnerApprovalPage>().document_hash, {
      signature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`,
    });
    expect(notPng.statusCode).toBe(400);
    const huge = await approve(w.token, (await page(w.token)).json<OwnerApprovalPage>().document_hash, {
      signature: `data:image/png;base64,${pngClaiming(5000, 400).toString('base64')}`,
    });
    expect(huge.statusCode).toBe(400);
    expect((await requestRow(w.requestId)).status).toBe('open');
  });

  it('declines with a reason: the request stays open and the managers are told', async () => {
    const w = await waitingApproval();
    const declined = await ownerBrowser.post(`/api/owner-approvals/${w.token}/decline/`, {
      reason: 'Too expensive',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<OwnerApprovalPage>().status).toBe('declined');
    expect(await requestRow(w.requestId)).toMatchObject({ status: 'open', awardedBidId: null });
    const [approval] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, w.approvalId));
    expect(approval).toMatchObject({ status: 'declined', decisionNote: 'Too expensive' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, w.requestId), eq(notifications.userId, managerId)));
    expect(told.map((n) => n.title)).toContain('The owner declined the award');
    expect(
      (await ownerBrowser.post(`/api/owner-approvals/${w.token}/decline/`, { reason: 'again' })).statusCode,
    ).toBe(410);
  });

  it('asks a question: the managers get a notice and a mail, the link stays open', async () => {
    const w = await waitingApproval();
    const asked = await ownerBrowser.post(`/api/owner-approvals/${w.token}/question/`, {
      question: 'Is the warranty included?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, w.requestId), eq(notifications.userId, managerId)));
    expect(told.find((n) => n.title === 'The owner asked a question')?.message).toContain(
      'Is the warranty included?',
    );
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'owner_approval_question'));
    expect(mails.some((mail) => mail.textBody.includes('Is the warranty included?'))).toBe(true);
    expect((await page(w.token)).statusCode).toBe(200);
  });

  it('answers 404 for a guessed token and 410 for an expired one; the sweep expires it', async () => {
    expect((await page('guessed-token-guessed-token-guessed-token-xx')).json().detail).toBe(
      'This link is not valid.',
    );
    expect((await page('nope')).statusCode).toBe(404);
    const w = await waitingApproval();
    const past = new Date(Date.now() - 60_000);
    await t.db.update(ownerApprovals).set({ expiresAt: past }).where(eq(ownerApprovals.id, w.approvalId));
    await t.db
      .update(ownerApprovalLinks)
      .set({ expiresAt: past })
      .where(eq(ownerApprovalLinks.approvalId, w.approvalId));
    const expired = await page(w.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe('This link has expired. Ask the property manager for a new one.');
    const swept = await t.app.sweepOwnerApprovals();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    const [approval] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, w.approvalId));
    expect(approval!.status).toBe('expired');
    expect((await page(w.token)).statusCode).toBe(410);
  });

  it('reminds the owners after 24 h and the managers after 72 h, once each', async () => {
    const w = await waitingApproval();
    const hours = (count: number) => new Date(Date.now() + count * 60 * 60_000);
    await t.app.sweepOwnerApprovals(hours(25));
    await t.app.sweepOwnerApprovals(hours(26));
    const reminders = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, w.place.owners[0]!.email),
          eq(mailOutbox.template, 'owner_approval_reminder'),
        ),
      );
    expect(reminders).toHaveLength(1);
    await t.app.sweepOwnerApprovals(hours(73));
    await t.app.sweepOwnerApprovals(hours(74));
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, w.requestId), eq(notifications.userId, managerId)));
    expect(told.filter((n) => n.title === 'The owner has not answered')).toHaveLength(1);
  });

  it('resend revokes the old links (410) and mails new ones', async () => {
    const w = await waitingApproval();
    const resent = await manager.post(`/api/requests/${w.requestId}/owner-approval/resend/`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    const old = await page(w.token);
    expect(old.statusCode).toBe(410);
    expect(old.json().detail).toBe('This link was withdrawn by the property manager.');
    const fresh = (await linksMailedTo(w.place.owners[0]!.email)).at(-1)!;
    expect(fresh).not.toBe(w.token);
    expect((await page(fresh)).statusCode).toBe(200);
  });

  it("withdraw closes the approval; another approval's token answers only its own", async () => {
    const a = await waitingApproval();
    const b = await waitingApproval();
    // b's token approves b, never a: a stays waiting.
    const hashB = (await page(b.token)).json<OwnerApprovalPage>().document_hash;
    const hashA = (await page(a.token)).json<OwnerApprovalPage>().document_hash;
    expect((await approve(b.token, hashA)).statusCode).toBe(409);
    expect((await approve(b.token, hashB)).statusCode).toBe(200);
    expect((await requestRow(a.requestId)).status).toBe('open');

    const withdrawn = await manager.post(`/api/requests/${a.requestId}/owner-approval/withdraw/`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<{ approval: OwnerApproval }>().approval.status).toBe('withdrawn');
    expect((await page(a.token)).statusCode).toBe(410);
  });

  it('voids the approval when the bid changed since the owner was asked (409)', async () => {
    const w = await waitingApproval();
    const hash = (await page(w.token)).json<OwnerApprovalPage>().document_hash;
    await t.db.update(bids).set({ amount: 1500 }).where(eq(bids.id, w.bid.id));
    const refused = await approve(w.token, hash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('voided');
    const [approval] = await t.db.select().from(ownerApprovals).where(eq(ownerApprovals.id, w.approvalId));
    expect(approval!.status).toBe('voided');
    expect((await requestRow(w.requestId)).status).toBe('open');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, w.requestId), eq(notifications.userId, managerId)));
    expect(told.map((n) => n.title)).toContain('The bid changed; ask the owner again');
  });

  it("hides the other vendors' names when the client says so", async () => {
    await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: null,
        allow_override: false,
        hide_vendor_names: true,
        approval_expiry_days: 7,
      },
    });
    const w = await waitingApproval();
    const body = (await page(w.token)).json<OwnerApprovalPage>();
    expect(body.others).toEqual([{ vendor_name: 'Vendor B', label: 'Bid', amount: 900 }]);
    await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: null,
        allow_override: false,
        hide_vendor_names: false,
        approval_expiry_days: 7,
      },
    });
  });
});

describe('override', () => {
  it('is refused unless the client allows it, then awards with the reason on the certificate', async () => {
    const w = await waitingApproval();
    const refused = await manager.post(`/api/requests/${w.requestId}/owner-approval/override/`, {
      reason: 'Water is pouring in',
    });
    expect(refused.statusCode).toBe(403);
    await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: null,
        allow_override: true,
        hide_vendor_names: false,
        approval_expiry_days: 7,
      },
    });
    const done = await manager.post(`/api/requests/${w.requestId}/owner-approval/override/`, {
      reason: 'Water is pouring in',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LifecycleAnswer>()).toMatchObject({ status: 'in_progress', awarded_bid_id: w.bid.id });
    const pdf = await manager.get(`/api/requests/${w.requestId}/owner-approval/certificate.pdf`);
    expect(pdfText(pdf.rawPayload)).toContain(
      "Awarded by Mona Manager without the owner's approval (override): Water is pouring in",
    );
    expect((await page(w.token)).statusCode).toBe(410);
    await manager.request('PUT', `/api/clients/${clientId}/approval-settings/`, {
      json: {
        default_nte_limit: null,
        allow_override: false,
        hide_vendor_names: false,
        approval_expiry_days: 7,
      },
    });
  });
});
