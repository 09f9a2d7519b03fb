import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests, requestInvitations } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type FormPart, formField, multipart, pngFile, postMultipart } from '../support/multipart.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';

/**
 * The reviewer's attack ("Trust, round two"): a vendor that once held an accepted bid on a property
 * raised a request there with invite_all and a spot on the plan, and so published the client's floor
 * plan and in-wall 360° photos to every vendor. A request a vendor raises now reaches the client's
 * managers first; whom to let in (invite_all, invitations) is theirs to decide, and until a manager
 * opens it no other vendor is told of it, sees it, or reads its plan excerpt.
 */

let t: TestAppWithFiles;
const PNG = png();
let propertyId: number;
let planKey: string;
const nearestKeys: string[] = [];
let farKey: string;
let closeUpKey: string;
let layoutId: number;

type Name =
  | 'manager'
  | 'colleague'
  | 'outsider'
  | 'staff'
  | 'reporter'
  | 'plumber'
  | 'anyone'
  | 'invitee'
  | 'worker';
const ids = {} as Record<Name, number>;
let as = {} as Record<Name, TestClient>;
const OTHER_VENDORS = ['plumber', 'anyone', 'invitee'] as const;

async function storedPhoto(name: string, x: number, y: number, layoutId: number) {
  const storageKey = `documentation/${propertyId}/photos/${name}.png`;
  await t.app.files.put(storageKey, PNG, 'image/png');
  const [row] = await t.db
    .insert(photos)
    .values({
      projectId: propertyId,
      layoutId,
      kind: 'in_wall',
      is360: true,
      x,
      y,
      caption: name,
      storageKey,
      contentType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning();
  return { id: row!.id, key: storageKey };
}

/** The spec's vendor form (section 3) with the attack's choices: open to all, two vendors, a spot. */
function attackForm(description: string, extra: FormPart[] = []) {
  return multipart([
    formField('type', 'Plumbing'),
    formField('description', description),
    formField('timeframe', 'Urgent'),
    formField('invite_all', 'true'),
    formField('areas_affected', '["Kitchen"]'),
    formField('vendors', String(ids.invitee)),
    formField('vendors', String(ids.plumber)),
    formField('project_id', String(propertyId)),
    formField('spot', JSON.stringify({ layout_id: layoutId, x: 500, y: 400 })),
    ...extra,
  ]);
}

async function raiseAttack(description: string) {
  const response = await postMultipart(
    as.reporter,
    '/api/requests/',
    attackForm(description, [pngFile('photos', PNG, 'leak.png')]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{
    id: number;
    invite_all: boolean;
    vendors: unknown[];
    photos: Array<{ url: string }>;
    is_open_to_vendors: boolean;
  }>();
}

/** The notices of a request once the announcement job has written its 'new_job' ones. */
async function noticesOf(requestId: number) {
  await t.app.announceNewJobs();
  return t.db
    .select({ userId: notifications.userId, kind: notifications.kind, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.relatedRequestId, requestId))
    .orderBy(asc(notifications.userId), asc(notifications.id));
}

const status = async (who: Name, method: 'GET' | 'POST', url: string, json?: unknown) =>
  (await as[who].request(method, url, json === undefined ? {} : { json })).statusCode;

/** The excerpt's files and the request's own photo, as GET /api/files/ answers `who`. */
async function fileStatuses(who: Name, photoUrls: string[]) {
  const keys = [planKey, ...nearestKeys, closeUpKey];
  const answers: Record<string, number> = {};
  for (const key of keys) answers[key] = await status(who, 'GET', `/api/files/${key}`);
  for (const url of photoUrls) answers[url] = await status(who, 'GET', url);
  return answers;
}
const everyFile = (photoUrls: string[], code: number) =>
  Object.fromEntries([planKey, ...nearestKeys, closeUpKey, ...photoUrls].map((key) => [key, code]));

const jobIds = async (who: Name, query = '') => {
  const response = await as[who].get(`/api/vendor/jobs/?page_size=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ count: number; results: Array<{ id: number; is_own_report: boolean }> }>();
  return { count: body.count, ids: body.results.map((job) => job.id), results: body.results };
};

const open = (who: Name, requestId: number, body: unknown = {}) =>
  as[who].post(`/api/requests/${requestId}/open/`, body);

beforeAll(async () => {
  t = await startTestAppWithFiles('vendor-report-held');
  const client = await makeClient(t.db, { name: 'Acme Homes' });
  const otherClient = await makeClient(t.db, { name: 'Other Homes' });
  propertyId = (await makeProject(t.db, { clientId: client.id, name: 'Maple Court' })).id;
  const users = {
    manager: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    colleague: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    outsider: await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id }),
    staff: await makeUser(t.db, { type: null, isStaff: true }),
    reporter: await makeVendor(t.db, { companyName: 'Reporter Repairs', serviceCategories: ['Plumbing'] }),
    plumber: await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] }),
    anyone: await makeVendor(t.db, { companyName: 'Any Trade', serviceCategories: ['Painting'] }),
    invitee: await makeVendor(t.db, { companyName: 'Invited Inc', serviceCategories: [] }),
    // Holds an accepted bid on the property too: the documentation rule already lets it read the plans.
    worker: await makeVendor(t.db, { companyName: 'Site Worker', serviceCategories: ['Drywall'] }),
  };
  for (const [name, user] of Object.entries(users)) ids[name as Name] = user.id;
  // A job the reporter won there once: what lets it raise a request on the property.
  const job = await makeRequest(t.db, {
    createdById: ids.manager,
    projectId: propertyId,
    type: 'Drywall',
    status: 'completed',
  });
  await makeBid(t.db, { requestId: job.id, vendorId: ids.reporter, status: 'accepted' });
  const otherJob = await makeRequest(t.db, {
    createdById: ids.manager,
    projectId: propertyId,
    type: 'Drywall',
    status: 'in_progress',
  });
  await makeBid(t.db, { requestId: otherJob.id, vendorId: ids.worker, status: 'accepted' });

  planKey = `documentation/${propertyId}/layouts/ground.png`;
  await t.app.files.put(planKey, PNG, 'image/png');
  const [layout] = await t.db
    .insert(layouts)
    .values({
      projectId: propertyId,
      name: 'ground',
      storageKey: planKey,
      contentType: 'image/png',
      widthPx: 1000,
      heightPx: 800,
      feetPerPixel: 0.05,
    })
    .returning();
  layoutId = layout!.id;
  const under = await storedPhoto('under', 0.5, 0.5, layoutId);
  nearestKeys.push(under.key);
  nearestKeys.push((await storedPhoto('beside', 0.55, 0.5, layoutId)).key);
  nearestKeys.push((await storedPhoto('further', 0.6, 0.5, layoutId)).key);
  farKey = (await storedPhoto('far', 0.95, 0.95, layoutId)).key;
  closeUpKey = `documentation/${propertyId}/photos/closeup.png`;
  await t.app.files.put(closeUpKey, PNG, 'image/png');
  await t.db.insert(panoramaHotspots).values({
    photoId: under.id,
    pitch: -5,
    yaw: 40,
    storageKey: closeUpKey,
    contentType: 'image/png',
    caption: 'Valve',
  });
  as = await signInEach(t.app, users);
});

afterAll(async () => {
  await t?.close();
});

describe('a request a vendor raises with invite_all, invitations and a spot (the attack)', () => {
  it('is held for the managers: no vendor told, invited or let in, and its plan excerpt stays closed', async () => {
    const plumbingBefore = await jobIds('plumber', '&service_type=Plumbing');
    const created = await raiseAttack('Leak behind the kitchen wall (the attack)');
    // What the reporter asked for is not what it gets, and the answer says so.
    expect(created).toMatchObject({ invite_all: false, vendors: [], is_open_to_vendors: false });
    const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, created.id));
    expect(row).toMatchObject({ inviteAll: false, openedToVendorsAt: null });
    expect(
      await t.db.select().from(requestInvitations).where(eq(requestInvitations.requestId, created.id)),
    ).toEqual([]);

    // Only the client's managers hear of it, and are told it waits for them.
    const notices = await noticesOf(created.id);
    expect(notices.map((notice) => notice.userId)).toEqual(
      [ids.manager, ids.colleague].sort((a, b) => a - b),
    );
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'request_status',
        message:
          `Reporter Repairs raised a Plumbing request #${created.id} at Maple Court. ` +
          'Only your team and the reporter see it until you open it to vendors or invite vendors.',
      });
    }

    // Other vendors: the request, its bid, its thread, its plan excerpt and its photos are closed.
    const photoUrls = created.photos.map((photo) => photo.url);
    expect(photoUrls).toHaveLength(1);
    for (const who of OTHER_VENDORS) {
      expect([who, await status(who, 'GET', `/api/requests/${created.id}/`)]).toEqual([who, 403]);
      expect(
        await status(who, 'POST', `/api/requests/${created.id}/bid/`, {
          amount: 100,
          estimated_time: 1,
          estimated_time_unit: 'days',
          proposed_start_date: '2027-03-01T09:00:00.000Z',
          notes: '',
        }),
      ).toBe(403);
      expect(
        await status(who, 'POST', '/api/messages/', { request: created.id, content: 'Can I see the plan?' }),
      ).toBe(403);
      expect(await fileStatuses(who, photoUrls)).toEqual(everyFile(photoUrls, 404));
      expect((await jobIds(who)).ids).not.toContain(created.id);
    }
    // The trade's jobs list and its count (read from the counters) leave it out.
    const plumbingHeld = await jobIds('plumber', '&service_type=Plumbing');
    expect(plumbingHeld).toMatchObject({ count: plumbingBefore.count, ids: plumbingBefore.ids });
    // Another client's manager sees nothing either.
    expect(await status('outsider', 'GET', `/api/requests/${created.id}/`)).toBe(403);

    // The managing side and the reporter see it with its excerpt.
    for (const who of ['manager', 'colleague', 'staff', 'reporter'] as const) {
      const detail = await as[who].get(`/api/requests/${created.id}/`);
      expect([who, detail.statusCode]).toEqual([who, 200]);
      expect(detail.json().spot.behind_wall).toHaveLength(3);
      expect(detail.json().is_open_to_vendors).toBe(false);
    }
    expect(await fileStatuses('reporter', photoUrls)).toEqual(everyFile(photoUrls, 200));
    expect(await fileStatuses('manager', photoUrls)).toEqual(everyFile(photoUrls, 200));
    expect((await jobIds('reporter')).ids).toContain(created.id);
  });

  it('is opened by a manager: then every vendor is told and may see it, its excerpt and its photos', async () => {
    const created = await raiseAttack('Leak behind the bathroom wall (opened to all)');
    const photoUrls = created.photos.map((photo) => photo.url);
    const opened = await open('manager', created.id, { invite_all: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ id: created.id, is_open_to_vendors: true, invite_all: true });
    const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, created.id));
    expect(row!.inviteAll).toBe(true);
    expect(row!.openedToVendorsAt).toBeInstanceOf(Date);

    const told = (await noticesOf(created.id)).filter((notice) => notice.kind === 'new_job');
    expect(told.map((notice) => notice.userId)).toEqual(
      [ids.plumber, ids.anyone, ids.invitee, ids.worker].sort((a, b) => a - b),
    );
    expect(told[0]!.message).toBe(`A new Plumbing request #${created.id} is open for bids.`);
    for (const who of OTHER_VENDORS) {
      const detail = await as[who].get(`/api/requests/${created.id}/`);
      expect([who, detail.statusCode]).toEqual([who, 200]);
      expect(detail.json().spot.behind_wall).toHaveLength(3);
      expect(await fileStatuses(who, photoUrls)).toEqual(everyFile(photoUrls, 200));
      // Only the excerpt: a photo farther away stays the documentation rule's.
      expect(await status(who, 'GET', `/api/files/${farKey}`)).toBe(404);
      expect((await jobIds(who)).ids).toContain(created.id);
    }
    // Opening twice is refused with words; the managers' choice stands.
    const again = await open('colleague', created.id, { invite_all: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'INVALID_TRANSITION',
      detail: 'This request is already open to vendors.',
    });
  });

  it('opened without invite_all reaches the vendors of its trade only, and the count follows', async () => {
    const before = await jobIds('plumber', '&service_type=Plumbing');
    const created = await raiseAttack('Dripping valve in the laundry (opened to the trade)');
    expect((await jobIds('plumber', '&service_type=Plumbing')).count).toBe(before.count);
    const opened = await open('staff', created.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ id: created.id, is_open_to_vendors: true, invite_all: false });
    const told = (await noticesOf(created.id)).filter((notice) => notice.kind === 'new_job');
    expect(told.map((notice) => notice.userId)).toEqual([ids.plumber]);
    expect(await status('plumber', 'GET', `/api/requests/${created.id}/`)).toBe(200);
    expect(await status('anyone', 'GET', `/api/requests/${created.id}/`)).toBe(403);
    const after = await jobIds('plumber', '&service_type=Plumbing');
    expect(after.count).toBe(before.count + 1);
    expect(after.ids).toContain(created.id);
  });
});

describe('invitations in a vendor’s request', () => {
  it('are not sent: no row, no notice; a manager’s invitation lets that vendor in, and only it', async () => {
    const response = await as.reporter.post('/api/requests/', {
      type: 'Plumbing',
      description: 'Cracked trap under the sink (JSON with vendors)',
      project_id: propertyId,
      invite_all: true,
      vendors: [ids.invitee, ids.reporter],
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: number }>().id;
    expect(response.json()).toMatchObject({ invite_all: false, vendors: [], is_open_to_vendors: false });
    expect(await t.db.select().from(requestInvitations).where(eq(requestInvitations.requestId, id))).toEqual(
      [],
    );
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedRequestId, id), eq(notifications.userId, ids.invitee))),
    ).toEqual([]);
    expect(await status('invitee', 'GET', `/api/requests/${id}/`)).toBe(403);

    const invited = await as.manager.post(`/api/requests/${id}/invitations/`, { vendors: [ids.invitee] });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await status('invitee', 'GET', `/api/requests/${id}/`)).toBe(200);
    expect(await status('plumber', 'GET', `/api/requests/${id}/`)).toBe(403);
    const detail = await as.manager.get(`/api/requests/${id}/`);
    expect(detail.json().is_open_to_vendors).toBe(false);
  });
});

describe('POST /api/requests/{id}/open/', () => {
  it('is the managing side’s: 401 signed out, 404 unknown, 403 for the reporter, vendors and other clients, 400 for a bad body', async () => {
    const created = await raiseAttack('Loose pipe clamp (who may open)');
    const anonymous = new TestClient(t.app);
    await anonymous.csrfToken();
    expect((await anonymous.post(`/api/requests/${created.id}/open/`, {})).statusCode).toBe(401);
    expect((await open('manager', 999_999)).statusCode).toBe(404);
    for (const who of ['reporter', 'plumber', 'worker', 'outsider'] as const) {
      expect([who, (await open(who, created.id, { invite_all: true })).statusCode]).toEqual([who, 403]);
    }
    const bad = await open('manager', created.id, { invite_all: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.invite_all).toBeDefined();
    const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, created.id));
    expect(row!.openedToVendorsAt).toBeNull();
  });

  it('is refused on a request that is no longer Open, and on one a manager raised', async () => {
    const created = await raiseAttack('Burst hose (cancelled first)');
    expect((await as.manager.post(`/api/requests/${created.id}/cancel/`, { reason: '' })).statusCode).toBe(
      200,
    );
    const refused = await open('manager', created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'A request can be opened to vendors only while it is Open; it is Cancelled.',
    );
    const managers = await as.manager.post('/api/requests/', {
      type: 'Plumbing',
      description: 'Open from the start',
      property_id: propertyId,
      invite_all: true,
    });
    expect(managers.json()).toMatchObject({ invite_all: true, is_open_to_vendors: true });
    expect(await status('anyone', 'GET', `/api/requests/${managers.json().id}/`)).toBe(200);
    expect((await open('manager', managers.json().id)).statusCode).toBe(409);
  });
});

describe('the reporter’s own report in its lists and detail', () => {
  it('is flagged is_own_report in the jobs list and the detail, for the reporter only', async () => {
    const created = await raiseAttack('Leaking shower valve (own report flag)');
    expect((await open('manager', created.id, { invite_all: true })).statusCode).toBe(200);
    const mine = (await jobIds('reporter')).results.find((job) => job.id === created.id);
    expect(mine?.is_own_report).toBe(true);
    const theirs = (await jobIds('plumber')).results.find((job) => job.id === created.id);
    expect(theirs?.is_own_report).toBe(false);
    // Every other job in the reporter's list is not its own.
    for (const job of (await jobIds('reporter')).results) {
      const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, job.id));
      expect([job.id, job.is_own_report]).toEqual([job.id, row!.createdById === ids.reporter]);
    }
    expect((await as.reporter.get(`/api/requests/${created.id}/`)).json().is_own_report).toBe(true);
    expect((await as.plumber.get(`/api/requests/${created.id}/`)).json().is_own_report).toBe(false);
    expect((await as.manager.get(`/api/requests/${created.id}/`)).json().is_own_report).toBe(false);
  });
});
