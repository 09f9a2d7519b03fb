import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests, requestPhotos, requestStatusHistory } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { jpeg, png } from '../support/test-images.ts';

let t: TestAppWithFiles;
let projectId: number;
const users: Record<string, { id: number; email: string }> = {};
const as: Record<string, TestClient> = {};

const PNG = png();
const JPEG = jpeg();
const storedImages = () => storedFiles(t.dataDir, /\.(png|jpg)$/);

/** An open request with a pending bid from each of the three vendors. */
async function openRequestWithBids() {
  const request = await makeRequest(t.db, { createdById: users.creator!.id, projectId, type: 'Plumbing' });
  const bidOf = {
    winner: await makeBid(t.db, { requestId: request.id, vendorId: users.winner!.id, amount: 450 }),
    loser: await makeBid(t.db, { requestId: request.id, vendorId: users.loser!.id, amount: 600 }),
    third: await makeBid(t.db, { requestId: request.id, vendorId: users.third!.id, amount: 700 }),
  };
  return { id: request.id, bidOf };
}

async function awarded() {
  const request = await openRequestWithBids();
  const response = await as.creator!.post(`/api/requests/${request.id}/award/`, {
    bid_id: request.bidOf.winner.id,
  });
  expect(response.statusCode).toBe(200);
  return request;
}

const noticesOf = (requestId: number) =>
  t.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      message: notifications.message,
    })
    .from(notifications)
    .where(eq(notifications.relatedRequestId, requestId))
    .orderBy(asc(notifications.id));

const historyOf = (requestId: number) =>
  t.db
    .select()
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestId, requestId))
    .orderBy(asc(requestStatusHistory.id));

const bidStatuses = async (requestId: number) =>
  Object.fromEntries(
    (
      await t.db
        .select({ vendorId: bids.vendorId, status: bids.status })
        .from(bids)
        .where(eq(bids.requestId, requestId))
    ).map((bid) => [Object.keys(users).find((name) => users[name]!.id === bid.vendorId), bid.status]),
  );

const requestRow = async (id: number) =>
  (await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, id)))[0]!;

beforeAll(async () => {
  t = await startTestAppWithFiles('lifecycle');
  const client = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: client.id })).id;
  const made = {
    creator: await makeUser(t.db, {
      type: 'property_manager',
      clientId: client.id,
      firstName: 'Pat',
      lastName: 'Lee',
    }),
    colleague: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    winner: await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] }),
    loser: await makeVendor(t.db, { companyName: 'Drip Co', serviceCategories: ['Plumbing'] }),
    third: await makeVendor(t.db, { companyName: 'Flow LLC', serviceCategories: ['Plumbing'] }),
    staff: await makeUser(t.db, { type: null, isStaff: true }),
  };
  Object.assign(users, made);
  Object.assign(as, await signInEach(t.app, made));
});

afterAll(async () => {
  await t.close();
});

describe('award', () => {
  it('accepts the bid, rejects the others, closes bidding, starts the job and tells every bidder', async () => {
    const request = await openRequestWithBids();
    const response = await as.colleague!.post(`/api/requests/${request.id}/award/`, {
      bid_id: request.bidOf.winner.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: request.id,
      status: 'in_progress',
      bidding_config: { is_open_for_bids: false, bid_deadline: null },
      awarded_bid_id: request.bidOf.winner.id,
      vendor_completed_at: null,
      completion_note: '',
      completed_at: null,
      allowed_actions: ['cancel'],
    });
    expect(await bidStatuses(request.id)).toEqual({
      winner: 'accepted',
      loser: 'rejected',
      third: 'rejected',
    });
    const row = await requestRow(request.id);
    expect(row).toMatchObject({
      status: 'in_progress',
      isOpenForBids: false,
      awardedBidId: request.bidOf.winner.id,
    });
    expect(await historyOf(request.id)).toEqual([
      expect.objectContaining({
        event: 'awarded',
        fromStatus: 'open',
        toStatus: 'in_progress',
        changedById: users.colleague!.id,
        note: `Bid #${request.bidOf.winner.id} from Pipes Inc for $450`,
      }),
    ]);
    expect(await noticesOf(request.id)).toEqual([
      {
        userId: users.winner!.id,
        kind: 'bid_accepted',
        title: 'Bid accepted',
        message: `Your $450 bid for request #${request.id} was accepted. The job is now in progress.`,
      },
      ...[users.loser!.id, users.third!.id].map((userId) => ({
        userId,
        kind: 'bid_rejected',
        title: 'Bid not selected',
        message: `Another vendor was selected for request #${request.id}.`,
      })),
    ]);
  });

  it('lets only one of two racing awards win', async () => {
    const request = await openRequestWithBids();
    const [first, second] = await Promise.all([
      as.creator!.post(`/api/requests/${request.id}/award/`, { bid_id: request.bidOf.winner.id }),
      as.colleague!.post(`/api/requests/${request.id}/award/`, { bid_id: request.bidOf.loser.id }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const loserAnswer = first!.statusCode === 409 ? first! : second!;
    expect(loserAnswer.json()).toEqual({
      code: 'INVALID_TRANSITION',
      detail: 'A bid can be awarded only while the request is Open; it is In Progress.',
    });
    const accepted = await t.db
      .select()
      .from(bids)
      .where(and(eq(bids.requestId, request.id), eq(bids.status, 'accepted')));
    expect(accepted).toHaveLength(1);
    expect((await requestRow(request.id)).awardedBidId).toBe(accepted[0]!.id);
    expect((await historyOf(request.id)).map((step) => step.event)).toEqual(['awarded']);
    expect((await noticesOf(request.id)).filter((notice) => notice.kind === 'bid_accepted')).toHaveLength(1);
  });

  it('refuses a bid of another request and a missing bid id', async () => {
    const request = await openRequestWithBids();
    const other = await openRequestWithBids();
    const foreign = await as.creator!.post(`/api/requests/${request.id}/award/`, {
      bid_id: other.bidOf.winner.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ errors: { bid_id: ['This is not a bid on this request.'] } });
    const missing = await as.creator!.post(`/api/requests/${request.id}/award/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { bid_id: ['This field is required.'] } });
    expect((await requestRow(request.id)).status).toBe('open');
  });
});

describe('bidding', () => {
  it('closes and reopens bidding with a new deadline, telling vendors with a pending bid', async () => {
    const request = await openRequestWithBids();
    const closed = await as.creator!.post(`/api/requests/${request.id}/bidding/`, {
      is_open_for_bids: false,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'open',
      bidding_config: { is_open_for_bids: false },
      allowed_actions: ['award', 'open_bidding', 'cancel'],
    });
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const reopened = await as.creator!.post(`/api/requests/${request.id}/bidding/`, {
      is_open_for_bids: true,
      bid_deadline: deadline,
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      bidding_config: { is_open_for_bids: true, bid_deadline: deadline },
    });
    const titles = (await noticesOf(request.id)).map((notice) => notice.title);
    expect(titles).toEqual([...Array(3).fill('Bidding closed'), ...Array(3).fill('Bidding reopened')]);
    // Bidding is not a status: no history row.
    expect(await historyOf(request.id)).toEqual([]);
  });

  it('refuses reopening bidding with a deadline in the past', async () => {
    const request = await openRequestWithBids();
    const response = await as.creator!.post(`/api/requests/${request.id}/bidding/`, {
      is_open_for_bids: true,
      bid_deadline: '2020-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { bid_deadline: ['The deadline must be in the future.'] } });
  });
});

describe('cancel and reopen', () => {
  it('cancels an open request with a reason, rejecting pending bids, then reopens it with the bids pending again', async () => {
    const request = await openRequestWithBids();
    const cancelled = await as.creator!.post(`/api/requests/${request.id}/cancel/`, {
      reason: 'Tenant fixed it',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', allowed_actions: ['reopen'] });
    expect(await bidStatuses(request.id)).toEqual({
      winner: 'rejected',
      loser: 'rejected',
      third: 'rejected',
    });
    expect((await noticesOf(request.id)).map((notice) => [notice.kind, notice.message])).toEqual(
      Array(3).fill(['bid_rejected', `Request #${request.id} was cancelled: Tenant fixed it`]),
    );

    const reopened = await as.staff!.post(`/api/requests/${request.id}/reopen/`, { note: 'Leak is back' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: 'open',
      bidding_config: { is_open_for_bids: true },
      allowed_actions: ['award', 'close_bidding', 'cancel'],
    });
    expect(await bidStatuses(request.id)).toEqual({ winner: 'pending', loser: 'pending', third: 'pending' });
    expect(
      (await historyOf(request.id)).map((step) => [step.event, step.fromStatus, step.toStatus, step.note]),
    ).toEqual([
      ['cancelled', 'open', 'cancelled', 'Tenant fixed it'],
      ['reopened', 'cancelled', 'open', 'Leak is back'],
    ]);
    expect((await noticesOf(request.id)).slice(3).map((notice) => notice.title)).toEqual(
      Array(3).fill('Request reopened'),
    );
  });

  it('cancels a job in progress, telling the awarded vendor; it can no longer be reopened', async () => {
    const request = await awarded();
    const cancelled = await as.creator!.post(`/api/requests/${request.id}/cancel/`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(await bidStatuses(request.id)).toEqual({
      winner: 'accepted',
      loser: 'rejected',
      third: 'rejected',
    });
    const notices = await noticesOf(request.id);
    expect(notices.at(-1)).toEqual({
      userId: users.winner!.id,
      kind: 'request_status',
      title: 'Request cancelled',
      message: `Request #${request.id} was cancelled.`,
    });
    const reopen = await as.creator!.post(`/api/requests/${request.id}/reopen/`, {});
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({
      code: 'INVALID_TRANSITION',
      detail: 'A request that was awarded cannot be reopened after cancelling; create a new request instead.',
    });
  });
});

describe('vendor completion, confirm and send back', () => {
  it('takes the vendor note and photos (kind completion), then the manager sends back and confirms', async () => {
    const request = await awarded();
    const before = await storedImages();
    const form = multipart([
      { name: 'note', value: 'Replaced the P-trap' },
      { name: 'photos', value: PNG, filename: 'after.png', type: 'image/png' },
      { name: 'photos', value: JPEG, filename: 'pipe.png', type: 'image/png' },
    ]);
    const done = await postMultipart(as.winner!, `/api/requests/${request.id}/complete/`, form);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'in_progress',
      vendor_completed_at: expect.any(String),
      completion_note: 'Replaced the P-trap',
      allowed_actions: [],
    });
    const photos = await t.db
      .select()
      .from(requestPhotos)
      .where(eq(requestPhotos.requestId, request.id))
      .orderBy(asc(requestPhotos.id));
    expect(photos.map((photo) => [photo.kind, photo.contentType, photo.uploadedById])).toEqual([
      ['completion', 'image/png', users.winner!.id],
      ['completion', 'image/jpeg', users.winner!.id],
    ]);
    expect((await storedImages()).length).toBe(before.length + 2);
    const stored = await t.app.files.get(photos[0]!.storageKey);
    expect(stored?.body.equals(PNG)).toBe(true);
    // The managing side hears of it: every manager of the client, not only the one who raised it.
    const told = (await noticesOf(request.id)).filter((notice) => notice.title === 'Job marked complete');
    expect(told.map((notice) => [notice.userId, notice.kind]).sort()).toEqual(
      [
        [users.creator!.id, 'request_status'],
        [users.colleague!.id, 'request_status'],
      ].sort(),
    );

    // The manager sees the completion on the detail and may confirm or send back.
    const detail = (await as.creator!.get(`/api/requests/${request.id}/`)).json<Record<string, unknown>>();
    expect(detail.completion).toEqual({
      note: 'Replaced the P-trap',
      photos: photos.map((photo) => ({ id: photo.id, url: `/api/files/${photo.storageKey}` })),
      vendor_completed_at: expect.any(String),
      completed_at: null,
    });
    expect(detail.photos).toEqual([]);
    expect(detail.allowed_actions).toEqual(['cancel', 'confirm', 'send_back']);

    const sentBack = await as.creator!.post(`/api/requests/${request.id}/send-back/`, {
      note: 'Still dripping',
    });
    expect(sentBack.statusCode).toBe(200);
    expect(sentBack.json()).toMatchObject({
      status: 'in_progress',
      vendor_completed_at: null,
      allowed_actions: ['cancel'],
    });
    expect((await noticesOf(request.id)).at(-1)).toEqual({
      userId: users.winner!.id,
      kind: 'request_status',
      title: 'Job sent back',
      message: `Request #${request.id} needs more work: Still dripping`,
    });

    const again = await as.winner!.post(`/api/requests/${request.id}/complete/`, {
      note: 'Tightened the nut',
    });
    expect(again.statusCode).toBe(200);
    const confirmed = await as.colleague!.post(`/api/requests/${request.id}/confirm/`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'completed',
      completed_at: expect.any(String),
      allowed_actions: [],
    });
    expect((await noticesOf(request.id)).at(-1)).toMatchObject({
      userId: users.winner!.id,
      title: 'Job confirmed complete',
    });
    expect((await historyOf(request.id)).map((step) => [step.event, step.fromStatus, step.toStatus])).toEqual(
      [
        ['awarded', 'open', 'in_progress'],
        ['vendor_completed', 'in_progress', 'in_progress'],
        ['reopened', 'in_progress', 'in_progress'],
        ['vendor_completed', 'in_progress', 'in_progress'],
        ['confirmed', 'in_progress', 'completed'],
      ],
    );
  });

  it('refuses files that are not images by content, and a missing note, storing nothing', async () => {
    const request = await awarded();
    const before = await storedImages();
    const pdf = multipart([
      { name: 'note', value: 'Done' },
      { name: 'photos', value: Buffer.from('%PDF-1.4 fake'), filename: 'looks.png', type: 'image/png' },
    ]);
    const refused = await postMultipart(as.winner!, `/api/requests/${request.id}/complete/`, pdf);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { photos: ['Upload images only (PNG, JPEG, GIF or WebP).'] },
    });
    const noNote = await postMultipart(
      as.winner!,
      `/api/requests/${request.id}/complete/`,
      multipart([{ name: 'photos', value: PNG, filename: 'a.png', type: 'image/png' }]),
    );
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toEqual({ errors: { note: ['This field is required.'] } });
    expect(await storedImages()).toEqual(before);
    expect((await requestRow(request.id)).vendorCompletedAt).toBeNull();
  });

  it('requires a note to send a job back', async () => {
    const request = await awarded();
    await as.winner!.post(`/api/requests/${request.id}/complete/`, { note: 'Done' });
    const response = await as.creator!.post(`/api/requests/${request.id}/send-back/`, { note: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { note: ['Tell the vendor what still needs doing.'] } });
  });
});

describe('GET /api/requests/{id}/ lifecycle fields', () => {
  it('shows the timeline to everyone who sees the request, the award and completion only to those involved', async () => {
    const request = await awarded();
    await as.winner!.post(`/api/requests/${request.id}/complete/`, { note: 'All good' });
    type Detail = {
      timeline: Array<Record<string, unknown>>;
      awarded_bid: Record<string, unknown> | null;
      completion: Record<string, unknown> | null;
      allowed_actions: string[];
    };
    const manager = (await as.creator!.get(`/api/requests/${request.id}/`)).json<Detail>();
    expect(manager.timeline).toEqual([
      {
        event: 'awarded',
        label: 'Bid awarded',
        from: 'open',
        to: 'in_progress',
        who: 'Pat Lee',
        when: expect.any(String),
        note: `Bid #${request.bidOf.winner.id} from Pipes Inc for $450`,
      },
      {
        event: 'vendor_completed',
        label: 'Marked complete by the vendor',
        from: 'in_progress',
        to: 'in_progress',
        who: expect.stringMatching(/^Test User/),
        when: expect.any(String),
        note: 'All good',
      },
    ]);
    expect(manager.awarded_bid).toEqual({
      id: request.bidOf.winner.id,
      version: 1,
      vendor_id: users.winner!.id,
      vendor_name: 'Pipes Inc',
      amount: 450,
      estimated_time: 2.5,
      estimated_time_unit: 'hours',
      proposed_start_date: '2027-01-04T09:00:00.000Z',
      notes: '',
      status: 'accepted',
      awarded_at: expect.any(String),
      line_items: [],
      options: [],
      awarded_option: null,
    });
    expect(manager.allowed_actions).toEqual(['cancel', 'confirm', 'send_back']);

    const winner = (await as.winner!.get(`/api/requests/${request.id}/`)).json<Detail>();
    expect(winner.awarded_bid).toMatchObject({ amount: 450 });
    expect(winner.completion).toMatchObject({ note: 'All good' });
    expect(winner.timeline).toEqual(manager.timeline);
    expect(winner.allowed_actions).toEqual([]);

    // Another bidder reads that the request was awarded, not to whom, for how much, nor the work.
    const loser = (await as.loser!.get(`/api/requests/${request.id}/`)).json<Detail>();
    expect(loser.timeline).toEqual([
      {
        event: 'awarded',
        label: 'Bid awarded',
        from: 'open',
        to: 'in_progress',
        who: 'Pat Lee',
        when: expect.any(String),
        note: '',
      },
    ]);
    expect(loser.awarded_bid).toBeNull();
    expect(loser.completion).toBeNull();
    expect(loser.allowed_actions).toEqual([]);
  });
});
