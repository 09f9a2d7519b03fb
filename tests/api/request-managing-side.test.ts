import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { requestPhotos } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

/**
 * The managing side of a request is the owning client's active managers and staff, never its creator
 * as such (docs/decisions/trust-uploads-and-request-managers.md, "Who manages a request"). The attack that found the hole: a vendor
 * with an accepted bid on a property raised a request there, bid $99,999 on it and awarded itself.
 */

let t: TestAppWithFiles;
let projectId: number;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('pixels')]);

type Name =
  | 'manager'
  | 'colleague'
  | 'outsider'
  | 'staff'
  | 'reporter'
  | 'rival'
  | 'loser'
  | 'invited'
  | 'stranger';
const ids = {} as Record<Name | 'former', number>;
let as = {} as Record<Name, TestClient>;

const bid = (amount: number, notes = '') => ({
  amount,
  estimated_time: 2,
  estimated_time_unit: 'days',
  proposed_start_date: '2027-03-01T09:00:00.000Z',
  notes,
});

/**
 * The reproduction's first step: the vendor reports work on the property it works on; a manager
 * then opens it to the vendors of its trade (a report is held for the managers until then).
 */
async function reportedRequest(): Promise<number> {
  const response = await as.reporter.post('/api/requests/', {
    type: 'Plumbing',
    description: 'Leak under the kitchen sink',
    project_id: projectId,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  const opened = await as.manager.post(`/api/requests/${id}/open/`, {});
  expect(opened.statusCode, opened.body).toBe(200);
  return id;
}

/** A reported request on which the rival and the loser have bid through the API. */
async function reportedRequestWithBids() {
  const id = await reportedRequest();
  const rival = await as.rival.post(`/api/requests/${id}/bid/`, bid(4321, 'Rival secret notes'));
  expect(rival.statusCode, rival.body).toBe(201);
  const loser = await as.loser.post(`/api/requests/${id}/bid/`, bid(5678, 'Loser secret notes'));
  expect(loser.statusCode, loser.body).toBe(201);
  return { id, rivalBidId: rival.json<{ id: number }>().id, loserBidId: loser.json<{ id: number }>().id };
}

const detailOf = async (who: Name, id: number) => {
  const response = await as[who].get(`/api/requests/${id}/`);
  expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
  return response.json<Detail>();
};

interface Detail {
  user: { first_name: string; last_name: string; job_title: string };
  bids: Array<{ id: number; vendor_id: number; amount: number }>;
  timeline: Array<{ event: string; who: string | null; note: string }>;
  awarded_bid: { amount: number } | null;
  completion: { note: string } | null;
  allowed_actions: string[];
}

const noticesTo = (requestId: number, title: string) =>
  t.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.relatedRequestId, requestId), eq(notifications.title, title)))
    .orderBy(asc(notifications.userId));

beforeAll(async () => {
  t = await startTestAppWithFiles('managing-side');
  const client = await makeClient(t.db, { name: 'Acme Homes' });
  projectId = (await makeProject(t.db, { clientId: client.id, name: 'Maple Court' })).id;
  const otherClient = await makeClient(t.db, { name: 'Other Homes' });
  const users = {
    manager: await makeUser(t.db, {
      type: 'property_manager',
      clientId: client.id,
      firstName: 'Pat',
      lastName: 'Lee',
    }),
    colleague: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    outsider: await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id }),
    staff: await makeUser(t.db, { type: null, isStaff: true }),
    reporter: await makeVendor(
      t.db,
      { companyName: 'Reporter Repairs', serviceCategories: ['Electrical'] },
      { firstName: 'Rita', lastName: 'Reporter' },
    ),
    rival: await makeVendor(t.db, { companyName: 'Rival Plumbing', serviceCategories: ['Plumbing'] }),
    loser: await makeVendor(t.db, { companyName: 'Loser Leaks', serviceCategories: ['Plumbing'] }),
    invited: await makeVendor(t.db, { companyName: 'Invited Inc', serviceCategories: [] }),
    stranger: await makeVendor(t.db, { companyName: 'Stranger Sparks', serviceCategories: ['Electrical'] }),
  };
  for (const [name, user] of Object.entries(users)) ids[name as Name] = user.id;
  ids.former = (await makeUser(t.db, { type: 'property_manager', clientId: client.id, isActive: false })).id;
  // The reporter holds an accepted bid on the property: that is what lets it raise a request there.
  const job = await makeRequest(t.db, { createdById: ids.manager, projectId, status: 'in_progress' });
  await makeBid(t.db, { requestId: job.id, vendorId: ids.reporter, status: 'accepted' });
  as = await signInEach(t.app, users);
});

afterAll(async () => {
  await t?.close();
});

describe('the vendor reporter (the reproduction)', () => {
  it('may not bid on the request it raised: 403 OWN_REQUEST, nothing stored', async () => {
    const id = await reportedRequest();
    const response = await as.reporter.post(`/api/requests/${id}/bid/`, bid(99_999));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'OWN_REQUEST',
      detail: 'You cannot bid on a request you raised yourself.',
    });
    expect(await t.db.select().from(bids).where(eq(bids.requestId, id))).toEqual([]);
  });

  it('may not award, close or open bidding, or cancel, and is offered no action', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    // Even a bid of its own placed before this rule existed gives it nothing to award.
    const legacy = await makeBid(t.db, { requestId: id, vendorId: ids.reporter, amount: 99_999 });
    for (const bidId of [legacy.id, rivalBidId]) {
      const award = await as.reporter.post(`/api/requests/${id}/award/`, { bid_id: bidId });
      expect(award.statusCode).toBe(403);
    }
    const steps: Array<[string, unknown]> = [
      ['bidding', { is_open_for_bids: false }],
      ['bidding', { is_open_for_bids: true }],
      ['cancel', {}],
      ['invitations', { vendors: [ids.invited] }],
    ];
    for (const [step, body] of steps) {
      expect((await as.reporter.post(`/api/requests/${id}/${step}/`, body)).statusCode, step).toBe(403);
    }
    const detail = await detailOf('reporter', id);
    expect(detail.allowed_actions).toEqual([]);
    const [stored] = await t.db.select().from(bids).where(eq(bids.id, rivalBidId));
    expect(stored!.status).toBe('pending');
  });

  it('may not confirm or send back the job it raised', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    expect((await as.manager.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(
      200,
    );
    expect((await as.rival.post(`/api/requests/${id}/complete/`, { note: 'Fixed it' })).statusCode).toBe(200);
    expect((await as.reporter.post(`/api/requests/${id}/confirm/`, {})).statusCode).toBe(403);
    expect((await as.reporter.post(`/api/requests/${id}/send-back/`, { note: 'Redo' })).statusCode).toBe(403);
    expect((await detailOf('reporter', id)).allowed_actions).toEqual([]);
    expect((await detailOf('manager', id)).allowed_actions).toEqual(['cancel', 'confirm', 'send_back']);
  });

  it('reads its request but no competitor’s bid: not in the detail, 404 on the bid itself', async () => {
    const { id, rivalBidId, loserBidId } = await reportedRequestWithBids();
    const detail = await detailOf('reporter', id);
    expect(detail.bids).toEqual([]);
    for (const bidId of [rivalBidId, loserBidId]) {
      expect((await as.reporter.get(`/api/bids/${bidId}/`)).statusCode).toBe(404);
    }
    // The managing side reads both.
    expect((await detailOf('manager', id)).bids.map((b) => b.id)).toEqual([rivalBidId, loserBidId]);
    expect((await as.manager.get(`/api/bids/${rivalBidId}/`)).statusCode).toBe(200);
  });

  it('does not receive, read or list a competitor’s thread with the managers', async () => {
    const { id } = await reportedRequestWithBids();
    const sent = await as.rival.post('/api/messages/', { request: id, content: 'Rival private question' });
    expect(sent.statusCode, sent.body).toBe(201);

    // The rival's message reaches the client's active managers only.
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.relatedRequestId, id), eq(notifications.kind, 'new_message')))
      .orderBy(asc(notifications.userId));
    expect(told.map((row) => row.userId)).toEqual([ids.manager, ids.colleague].sort((a, b) => a - b));

    const thread = await as.reporter.get(`/api/messages/?request=${id}&vendor=${ids.rival}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).not.toContain('Rival private question');
    const conversations = await as.reporter.get('/api/messages/conversations/');
    expect(conversations.body).not.toContain('Rival private question');

    // The managers read it, and the thread names the client as the managing side, not the reporter.
    const managerView = await as.manager.get(`/api/messages/?request=${id}&vendor=${ids.rival}`);
    expect(managerView.body).toContain('Rival private question');
    const listed = (await as.rival.get('/api/messages/conversations/')).json<
      Array<{ request_id: number; participants: { manager: string } }>
    >();
    expect(listed.find((row) => row.request_id === id)?.participants).toEqual({
      property: 'Maple Court',
      manager: 'Acme Homes',
    });
  });

  it('keeps its own thread with the managers', async () => {
    const id = await reportedRequest();
    const sent = await as.reporter.post('/api/messages/', { request: id, content: 'Photos attached' });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = await as.manager.post('/api/messages/', {
      request: id,
      vendor: ids.reporter,
      content: 'Thanks',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const mine = await as.reporter.get(`/api/messages/?request=${id}`);
    expect(mine.json<Array<{ content: string }>>().map((m) => m.content)).toEqual([
      'Photos attached',
      'Thanks',
    ]);
  });

  it('reads a timeline without any competitor’s amount, name, notes or completion note', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    expect((await as.manager.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(
      200,
    );
    expect(
      (await as.rival.post(`/api/requests/${id}/complete/`, { note: 'Rival fixed trap' })).statusCode,
    ).toBe(200);
    const detail = await detailOf('reporter', id);
    expect(detail.timeline).toEqual([
      expect.objectContaining({ event: 'created', who: 'Rita Reporter', note: '' }),
      expect.objectContaining({ event: 'awarded', who: 'Pat Lee', note: '' }),
    ]);
    expect(detail.awarded_bid).toBeNull();
    expect(detail.completion).toBeNull();
    const text = JSON.stringify(detail);
    for (const secret of ['Rival', '4321', '4,321', 'Loser', '5678', 'secret', 'fixed trap']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('other vendors on a reported request', () => {
  it('see neither the reporter’s name nor the winner’s award and work; the winner sees its own', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    expect((await as.manager.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(
      200,
    );
    const done = await as.rival.post(`/api/requests/${id}/complete/`, { note: 'Rival fixed trap' });
    expect(done.statusCode).toBe(200);
    expect(
      (await as.manager.post(`/api/requests/${id}/send-back/`, { note: 'Tighten the nut' })).statusCode,
    ).toBe(200);

    const loser = await detailOf('loser', id);
    expect(loser.user).toEqual({ first_name: '', last_name: '', job_title: '' });
    expect(loser.timeline.map((step) => [step.event, step.who, step.note])).toEqual([
      ['created', null, ''],
      ['awarded', 'Pat Lee', ''],
    ]);
    expect(loser.awarded_bid).toBeNull();
    expect(loser.completion).toBeNull();
    const text = JSON.stringify(loser);
    for (const secret of ['Rita', 'Reporter', 'Rival', '4321', '4,321', 'fixed trap', 'Tighten']) {
      expect(text, secret).not.toContain(secret);
    }

    const winner = await detailOf('rival', id);
    expect(winner.user).toEqual({ first_name: '', last_name: '', job_title: '' });
    expect(winner.timeline.map((step) => [step.event, step.who, step.note])).toEqual([
      ['created', null, ''],
      ['awarded', 'Pat Lee', `Bid #${rivalBidId} from Rival Plumbing for $4,321`],
      ['vendor_completed', expect.any(String), 'Rival fixed trap'],
      ['reopened', 'Pat Lee', 'Tighten the nut'],
    ]);
    expect(winner.awarded_bid).toMatchObject({ amount: 4321 });
    expect(winner.completion).not.toBeNull();

    // The managing side reads everything, the reporter's name included.
    const manager = await detailOf('manager', id);
    expect(manager.user).toMatchObject({ first_name: 'Rita', last_name: 'Reporter' });
    expect(manager.timeline.map((step) => step.event)).toEqual([
      'created',
      'awarded',
      'vendor_completed',
      'reopened',
    ]);
    expect(manager.timeline[0]!.who).toBe('Rita Reporter');
  });

  it('an invited or trade vendor sees the request and only its own bid, with no action', async () => {
    const id = await reportedRequest();
    expect(
      (await as.manager.post(`/api/requests/${id}/invitations/`, { vendors: [ids.invited] })).statusCode,
    ).toBe(200);
    const placed = await as.invited.post(`/api/requests/${id}/bid/`, bid(300));
    expect(placed.statusCode, placed.body).toBe(201);
    const rival = await as.rival.post(`/api/requests/${id}/bid/`, bid(400));
    const invited = await detailOf('invited', id);
    expect(invited.bids.map((b) => b.id)).toEqual([placed.json<{ id: number }>().id]);
    expect(invited.allowed_actions).toEqual([]);
    expect(
      (await as.invited.post(`/api/requests/${id}/award/`, { bid_id: placed.json<{ id: number }>().id }))
        .statusCode,
    ).toBe(403);
    expect((await as.invited.get(`/api/bids/${rival.json<{ id: number }>().id}/`)).statusCode).toBe(404);
    // A vendor outside the request (another trade, not invited) does not see it at all.
    expect((await as.stranger.get(`/api/requests/${id}/`)).statusCode).toBe(403);
  });
});

describe('the managing side', () => {
  it('staff and every active manager of the owning client manage a reported request', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    for (const who of ['manager', 'colleague', 'staff'] as const) {
      const detail = await detailOf(who, id);
      expect(detail.allowed_actions, who).toEqual(['award', 'close_bidding', 'cancel']);
      expect(detail.bids).toHaveLength(2);
    }
    expect((await as.staff.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(200);
  });

  it('tells the client’s active managers, not the vendor reporter, that the job is marked complete', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    expect((await as.colleague.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(
      200,
    );
    expect((await as.rival.post(`/api/requests/${id}/complete/`, { note: 'Done' })).statusCode).toBe(200);
    const told = await noticesTo(id, 'Job marked complete');
    expect(told.map((row) => row.userId)).toEqual([ids.manager, ids.colleague].sort((a, b) => a - b));
  });

  it('leaves out a deactivated manager who raised the request: no messages, no completion notice', async () => {
    const request = await makeRequest(t.db, { createdById: ids.former, projectId, type: 'Plumbing' });
    const winner = await makeBid(t.db, { requestId: request.id, vendorId: ids.rival });
    expect(
      (await as.rival.post('/api/messages/', { request: request.id, content: 'Hello' })).statusCode,
    ).toBe(201);
    expect(
      (await as.manager.post(`/api/requests/${request.id}/award/`, { bid_id: winner.id })).statusCode,
    ).toBe(200);
    expect((await as.rival.post(`/api/requests/${request.id}/complete/`, { note: 'Done' })).statusCode).toBe(
      200,
    );
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.relatedRequestId, request.id));
    expect(told.map((row) => row.userId)).not.toContain(ids.former);
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set([ids.manager, ids.colleague, ids.rival]));
  });

  it('a manager of another client who raised the request does not manage, see or list it', async () => {
    // Raised while the manager worked for the owning client; it has moved to another since.
    const request = await makeRequest(t.db, { createdById: ids.outsider, projectId, type: 'Plumbing' });
    const pending = await makeBid(t.db, { requestId: request.id, vendorId: ids.rival });
    expect((await as.outsider.get(`/api/requests/${request.id}/`)).statusCode).toBe(403);
    expect(
      (await as.outsider.post(`/api/requests/${request.id}/award/`, { bid_id: pending.id })).statusCode,
    ).toBe(403);
    expect((await as.outsider.post(`/api/requests/${request.id}/cancel/`, {})).statusCode).toBe(403);
    expect((await as.outsider.get(`/api/bids/${pending.id}/`)).statusCode).toBe(404);
    const list = await as.outsider.get('/api/property-manager/maintenance-requests/');
    expect(list.json<{ results: Array<{ id: number }> }>().results.map((row) => row.id)).not.toContain(
      request.id,
    );
    expect(
      (await as.outsider.get(`/api/messages/?request=${request.id}&vendor=${ids.rival}`)).statusCode,
    ).toBe(403);
    // The owning client's managers still manage it.
    expect((await detailOf('colleague', request.id)).allowed_actions).toEqual([
      'award',
      'close_bidding',
      'cancel',
    ]);
  });

  it('refuses the signed-out visitor', async () => {
    const id = await reportedRequest();
    const visitor = new TestClient(t.app);
    // A visitor session with its CSRF token, so the write is refused for the sign-in, not for CSRF.
    await visitor.csrfToken();
    expect((await visitor.get(`/api/requests/${id}/`)).statusCode).toBe(401);
    expect((await visitor.post(`/api/requests/${id}/award/`, { bid_id: 1 })).statusCode).toBe(401);
  });
});

describe('completion photos', () => {
  it('are served to the managing side and the awarded vendor, not to the reporter or other bidders', async () => {
    const { id, rivalBidId } = await reportedRequestWithBids();
    expect((await as.manager.post(`/api/requests/${id}/award/`, { bid_id: rivalBidId })).statusCode).toBe(
      200,
    );
    const key = `requests/${id}/completion/after.png`;
    await t.db.insert(requestPhotos).values({
      requestId: id,
      storageKey: key,
      contentType: 'image/png',
      sizeBytes: PNG.length,
      kind: 'completion',
    });
    await t.app.files.put(key, PNG, 'image/png');
    const readers: Name[] = ['manager', 'colleague', 'staff', 'rival'];
    for (const who of ['manager', 'colleague', 'staff', 'rival', 'reporter', 'loser', 'outsider'] as const) {
      const response = await as[who].get(`/api/files/${key}`);
      expect({ who, status: response.statusCode }).toEqual({
        who,
        status: readers.includes(who) ? 200 : 404,
      });
    }
  });
});
