import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobVisitEvents, jobVisitPhotos } from '#server/db/schema/job-visits.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { projects } from '#server/db/schema/projects.ts';
import type { Access, Visit, VisitList } from '#shared/visit-schemas.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { jpeg } from '../support/test-images.ts';

/*
 * A job's visits (docs/decisions/job-visits.md): arranged by the awarded vendor and the managing
 * side, each step in the history; the day's steps replayable from the offline outbox with the
 * phone's time; the visit as a calendar file; and entry and access, read by the awarded vendor only
 * while the job is in progress.
 */
let t: TestAppWithFiles;
let projectId: number;
let managerId: number;
let manager: TestClient;
let vendorId: number;
let vendor: TestClient;
let otherVendor: TestClient;

/** Mid-January next year: America/Denver is on MST (UTC-7) then, whatever today is. */
const YEAR = new Date().getUTCFullYear() + 1;
const DAY = `${YEAR}-01-15`;
const NINE_TO_ELEVEN = { date: DAY, start: '09:00', end: '11:00' };
const ONE_TO_THREE = { date: `${YEAR}-01-16`, start: '13:00', end: '15:00' };
const EIGHT_TO_TEN = { date: `${YEAR}-01-20`, start: '08:00', end: '10:00' };

const ACCESS = {
  access_instructions: 'Lockbox on the back door, code 4821. Dog in the yard.',
  occupant_name: 'Dana Reyes',
  occupant_phone: '+1 720 555 0142',
  occupant_email: 'dana@example.com',
  permission_to_enter: true,
};

/** A request in progress, awarded to `vendor` through the lifecycle call. */
async function awardedJob(): Promise<number> {
  const request = await makeRequest(t.db, { createdById: managerId, projectId, type: 'Plumbing' });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId, amount: 450 });
  const award = await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id });
  expect(award.statusCode, award.body).toBe(200);
  return request.id;
}

async function proposed(requestId: number, by: TestClient, windows = [NINE_TO_ELEVEN]): Promise<Visit> {
  const response = await by.post(`/api/requests/${requestId}/visits/`, { purpose: 'repair', windows });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Visit>();
}

/** A confirmed visit: the vendor proposes 9 to 11, the manager accepts it. */
async function confirmedVisit(requestId: number): Promise<Visit> {
  const visit = await proposed(requestId, vendor);
  const accepted = await manager.post(`/api/visits/${visit.id}/accept/`, { window: 0 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json<Visit>();
}

async function noticesTo(userId: number, requestId: number): Promise<string[]> {
  const rows = await t.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedRequestId, requestId)))
    .orderBy(asc(notifications.id));
  return rows.map((row) => row.title);
}

async function eventsOf(visitId: number): Promise<string[]> {
  const rows = await t.db
    .select({ event: jobVisitEvents.event })
    .from(jobVisitEvents)
    .where(eq(jobVisitEvents.visitId, visitId))
    .orderBy(asc(jobVisitEvents.id));
  return rows.map((row) => row.event);
}

const put = (client: TestClient, url: string, json: unknown) => client.request('PUT', url, { json });

beforeAll(async () => {
  t = await startTestAppWithFiles('job-visits');
  const world = await makeRequestWorld(t.db);
  projectId = world.project.id;
  managerId = world.manager.id;
  const vendorUser = await makeUser(t.db, { type: 'vendor' });
  vendorId = vendorUser.id;
  manager = await signIn(t.app, world.manager.email);
  vendor = await signIn(t.app, vendorUser.email);
  otherVendor = await signIn(t.app, (await makeUser(t.db, { type: 'vendor' })).email);
});

afterAll(async () => {
  await t.close();
});

describe('arranging a visit', () => {
  it('runs propose → counter → accept → reschedule → accept → cancel, keeping every step', async () => {
    const requestId = await awardedJob();
    expect((await put(manager, `/api/requests/${requestId}/access/`, ACCESS)).statusCode).toBe(200);

    const first = await proposed(requestId, vendor, [NINE_TO_ELEVEN, ONE_TO_THREE]);
    expect(first).toMatchObject({
      request_id: requestId,
      number: 1,
      purpose: 'repair',
      status: 'proposed',
      proposed_by: 'vendor',
      windows: [NINE_TO_ELEVEN, ONE_TO_THREE],
      starts_at: null,
      time_zone: 'America/Denver',
      allowed_actions: ['propose', 'cancel'],
      calendar_url: `/api/visits/${first.id}/calendar.ics`,
    });
    expect(first.history).toMatchObject([
      { event: 'proposed', actor_role: 'vendor', windows: [NINE_TO_ELEVEN, ONE_TO_THREE] },
    ]);
    expect(await noticesTo(managerId, requestId)).toContain('Visit proposed');

    // The manager sees it waiting for them, and proposes another time instead.
    const list = (await manager.get(`/api/requests/${requestId}/visits/`)).json<VisitList>();
    expect(list.results.map((visit) => visit.allowed_actions)).toEqual([['accept', 'propose', 'cancel']]);
    const counter = await manager.post(`/api/visits/${first.id}/propose/`, {
      windows: [EIGHT_TO_TEN],
      note: 'Mornings suit the tenant.',
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json()).toMatchObject({
      status: 'proposed',
      proposed_by: 'manager',
      windows: [EIGHT_TO_TEN],
    });

    // The side that proposed does not accept its own times.
    const own = await manager.post(`/api/visits/${first.id}/accept/`, { window: 0 });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'INVALID_TRANSITION' });

    const accepted = await vendor.post(`/api/visits/${first.id}/accept/`, { window: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'confirmed',
      windows: [EIGHT_TO_TEN],
      // 08:00 and 10:00 MST.
      starts_at: `${YEAR}-01-20T15:00:00.000Z`,
      ends_at: `${YEAR}-01-20T17:00:00.000Z`,
      allowed_actions: ['propose', 'cancel', 'on_my_way', 'arrived'],
    });
    expect(await noticesTo(managerId, requestId)).toContain('Visit confirmed');

    const moved = await vendor.post(`/api/visits/${first.id}/propose/`, { windows: [ONE_TO_THREE] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'proposed',
      proposed_by: 'vendor',
      starts_at: null,
      ends_at: null,
    });
    expect(await noticesTo(managerId, requestId)).toContain('Visit rescheduled');

    expect((await manager.post(`/api/visits/${first.id}/accept/`, { window: 0 })).statusCode).toBe(200);
    const cancelled = await manager.post(`/api/visits/${first.id}/cancel/`, { reason: 'Tenant away' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const visit = cancelled.json<Visit>();
    expect(visit.status).toBe('cancelled');
    expect(visit.allowed_actions).toEqual([]);
    expect(visit.history.map((step) => [step.event, step.actor_role])).toEqual([
      ['proposed', 'vendor'],
      ['counter_proposed', 'manager'],
      ['accepted', 'vendor'],
      ['rescheduled', 'vendor'],
      ['accepted', 'manager'],
      ['cancelled', 'manager'],
    ]);
    expect(visit.history[1]!.note).toBe('Mornings suit the tenant.');
    expect(visit.history[2]!.windows).toEqual([EIGHT_TO_TEN]);
    expect(visit.history[5]!.note).toBe('Tenant away');
    expect(await noticesTo(vendorId, requestId)).toEqual(
      expect.arrayContaining(['Visit proposed', 'Visit confirmed', 'Visit cancelled']),
    );

    // The occupant heard of each confirmed time, the move and the cancellation, in the property's zone.
    const mails = await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, ACCESS.occupant_email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'A maintenance visit is booked',
      'A maintenance visit is being moved',
      'A maintenance visit is booked',
      'A maintenance visit is cancelled',
    ]);
    expect(mails[0]!.text).toContain('8:00 AM MST');

    const again = await vendor.post(`/api/visits/${first.id}/propose/`, { windows: [ONE_TO_THREE] });
    expect(again.statusCode).toBe(409);
    const second = await proposed(requestId, manager);
    expect(second.number).toBe(2);
    expect(second.proposed_by).toBe('manager');
  });

  it('refuses a time that has passed at the property', async () => {
    const requestId = await awardedJob();
    const response = await vendor.post(`/api/requests/${requestId}/visits/`, {
      purpose: 'diagnose',
      windows: [{ date: '2020-01-15', start: '09:00', end: '10:00' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { windows: ['Choose a time that has not passed.'] } });
    expect((await manager.get(`/api/requests/${requestId}/visits/`)).json()).toEqual({ results: [] });
  });

  it('is for the managing side and the awarded vendor of a job in progress', async () => {
    const requestId = await awardedJob();
    expect((await otherVendor.get(`/api/requests/${requestId}/visits/`)).statusCode).toBe(403);
    expect((await vendor.get('/api/requests/999999999/visits/')).statusCode).toBe(404);
    const refused = await otherVendor.post(`/api/requests/${requestId}/visits/`, {
      purpose: 'repair',
      windows: [NINE_TO_ELEVEN],
    });
    expect(refused.statusCode).toBe(403);

    const open = await makeRequest(t.db, { createdById: managerId, projectId });
    const notAwarded = await manager.post(`/api/requests/${open.id}/visits/`, {
      purpose: 'repair',
      windows: [NINE_TO_ELEVEN],
    });
    expect(notAwarded.statusCode).toBe(409);
    expect(notAwarded.json()).toMatchObject({ code: 'INVALID_TRANSITION' });

    const visit = await proposed(requestId, vendor);
    expect((await otherVendor.post(`/api/visits/${visit.id}/cancel/`, {})).statusCode).toBe(403);
    expect((await vendor.post('/api/visits/999999999/cancel/', {})).statusCode).toBe(404);
  });
});

describe('entry and access', () => {
  it('is read by the managers always and by the awarded vendor only while the job is in progress', async () => {
    const requestId = await awardedJob();
    const url = `/api/requests/${requestId}/access/`;
    const empty = await manager.get(url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      access_instructions: '',
      permission_to_enter: false,
      updated_at: null,
    });

    expect((await put(vendor, url, ACCESS)).statusCode).toBe(403);
    const saved = await put(manager, url, ACCESS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Access>()).toMatchObject({ ...ACCESS, updated_at: expect.any(String) });
    expect((await put(manager, url, { ...ACCESS, occupant_email: 'not an email' })).statusCode).toBe(400);

    const read = await vendor.get(url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject(ACCESS);
    expect((await otherVendor.get(url)).statusCode).toBe(403);

    // The job closes: the vendor marks it done and the manager confirms.
    expect((await vendor.post(`/api/requests/${requestId}/complete/`, { note: 'Done' })).statusCode).toBe(
      200,
    );
    expect((await manager.post(`/api/requests/${requestId}/confirm/`, {})).statusCode).toBe(200);
    expect((await vendor.get(url)).statusCode).toBe(403);
    expect((await manager.get(url)).statusCode).toBe(200);
  });
});

describe('the day of a visit', () => {
  it('lands On my way, Arrived and Left once each when replayed, with the phone’s times', async () => {
    const requestId = await awardedJob();
    await t.db
      .update(projects)
      .set({ latitude: 39.7392, longitude: -104.9903 })
      .where(eq(projects.id, projectId));
    const visit = await confirmedVisit(requestId);
    const onTheWay = { at: `${DAY}T15:40:00.000Z`, eta_minutes: 20 };

    expect((await manager.post(`/api/visits/${visit.id}/on-my-way/`, onTheWay)).statusCode).toBe(403);
    const early = await vendor.post(`/api/visits/${visit.id}/left/`, {
      at: `${DAY}T15:00:00.000Z`,
      another_visit_needed: false,
    });
    expect(early.statusCode).toBe(409);

    const key = { headers: { 'idempotency-key': `visit-${visit.id}-omw` } };
    const first = await vendor.post(`/api/visits/${visit.id}/on-my-way/`, onTheWay, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      on_my_way_at: onTheWay.at,
      expected_arrival_at: `${DAY}T16:00:00.000Z`,
      allowed_actions: ['arrived'],
    });
    const replay = await vendor.post(`/api/visits/${visit.id}/on-my-way/`, onTheWay, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await noticesTo(managerId, requestId)).toContain('Vendor on the way');

    // About 1.1 km north of the property: kept as its distance, rounded to 100 m.
    const here = { at: `${DAY}T16:02:00.000Z`, latitude: 39.7492, longitude: -104.9903 };
    const arrivedKey = { headers: { 'idempotency-key': `visit-${visit.id}-arrived` } };
    const arrived = await vendor.post(`/api/visits/${visit.id}/arrived/`, here, arrivedKey);
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toMatchObject({
      arrived_at: here.at,
      arrival_distance_m: 1100,
      allowed_actions: ['left'],
    });
    expect((await vendor.post(`/api/visits/${visit.id}/arrived/`, here, arrivedKey)).json()).toEqual(
      arrived.json(),
    );

    const leftAt = `${DAY}T17:47:30.000Z`;
    const form = multipart([
      { name: 'at', value: leftAt },
      { name: 'note', value: 'Valve replaced; the drain needs a part.' },
      { name: 'another_visit_needed', value: 'true' },
      { name: 'photos', value: jpeg(), filename: 'after.jpg', type: 'image/jpeg' },
    ]);
    const leftKey = { 'idempotency-key': `visit-${visit.id}-left` };
    const left = await postMultipart(vendor, `/api/visits/${visit.id}/left/`, form, leftKey);
    expect(left.statusCode, left.body).toBe(200);
    const done = left.json<Visit>();
    expect(done).toMatchObject({
      status: 'done',
      left_at: leftAt,
      left_note: 'Valve replaced; the drain needs a part.',
      another_visit_needed: true,
      minutes_on_site: 105,
      allowed_actions: [],
    });
    expect(done.left_photos).toHaveLength(1);
    const replayedLeft = await postMultipart(vendor, `/api/visits/${visit.id}/left/`, form, leftKey);
    expect(replayedLeft.statusCode).toBe(200);
    expect(replayedLeft.headers['idempotent-replayed']).toBe('true');
    expect(replayedLeft.json()).toEqual(done);

    expect(await eventsOf(visit.id)).toEqual(['proposed', 'accepted', 'on_my_way', 'arrived', 'left']);
    const photos = await t.db.select().from(jobVisitPhotos).where(eq(jobVisitPhotos.visitId, visit.id));
    expect(photos).toHaveLength(1);
    expect(photos[0]!.key).toMatch(
      new RegExp(`^requests/${requestId}/visits/${visit.id}/[0-9a-f]{32}\\.jpg$`),
    );
    expect(await storedFiles(t.dataDir, /\/visits\/.*\.jpg$/)).toEqual([photos[0]!.key]);
    const [history] = (await manager.get(`/api/requests/${requestId}/visits/`)).json<VisitList>().results;
    expect(history!.history.slice(2).map((step) => step.happened_at)).toEqual([onTheWay.at, here.at, leftAt]);

    // The photo is the job's: its managers and its awarded vendor read it, another vendor finds nothing.
    const photoUrl = done.left_photos[0]!.url;
    const asManager = await manager.get(photoUrl);
    expect(asManager.statusCode).toBe(200);
    expect(asManager.headers['content-type']).toBe('image/jpeg');
    expect((await vendor.get(photoUrl)).statusCode).toBe(200);
    expect((await otherVendor.get(photoUrl)).statusCode).toBe(404);
    await t.db.update(projects).set({ latitude: null, longitude: null }).where(eq(projects.id, projectId));
  });
});

describe('GET /api/visits/{id}/calendar.ics', () => {
  it('is a confirmed visit as one event at its agreed time, for the job’s parties only', async () => {
    const requestId = await awardedJob();
    const waiting = await proposed(requestId, vendor);
    expect((await vendor.get(`/api/visits/${waiting.id}/calendar.ics`)).statusCode).toBe(404);

    const visit = await confirmedVisit(requestId);
    const response = await vendor.get(visit.calendar_url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toContain('BEGIN:VEVENT');
    // 09:00 MST is 16:00 UTC.
    expect(response.body).toContain(`DTSTART:${YEAR}0115T160000Z`);
    expect(response.body).toContain(`DTEND:${YEAR}0115T180000Z`);
    expect(response.body).toContain(`SUMMARY:FieldBid: Request #${requestId} (Plumbing)`);
    expect(response.body).toContain(`UID:visit-${visit.id}@`);
    expect((await manager.get(visit.calendar_url)).statusCode).toBe(200);
    expect((await otherVendor.get(visit.calendar_url)).statusCode).toBe(404);
  });
});
