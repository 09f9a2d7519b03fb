import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { projects } from '#server/db/schema/projects.ts';
import { requestSpots } from '#server/db/schema/request-spots.ts';
import { SPOT_MESSAGES } from '#shared/request-spot.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { formField, multipart, postMultipart } from '../support/multipart.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';

// a request's spot on the floor plan, and the plan excerpt it opens to whoever may see
// the request ("What is behind this wall"), and to nobody else.

let t: TestAppWithFiles;
const PNG = png();

let manager: TestClient;
let otherManager: TestClient;
let plumber: TestClient; // the request's trade, no accepted bid on the property
let electrician: TestClient; // neither invited nor of the trade
let worker: TestClient; // accepted bid on the property: reports work found on site
let property: { id: number };
let otherProperty: { id: number };
let plan: typeof layouts.$inferSelect; // 1000 x 800 px, 0.05 ft a pixel
let sketch: typeof layouts.$inferSelect; // uncalibrated, same property
let foreignPlan: typeof layouts.$inferSelect;
const photo: Record<string, { id: number; key: string }> = {};
let closeUpKey: string;
let thumbnailKey: string;

async function insertLayout(projectId: number, name: string, feetPerPixel: number | null) {
  const storageKey = `documentation/${projectId}/layouts/${name}.png`;
  await t.app.files.put(storageKey, PNG, 'image/png');
  const [row] = await t.db
    .insert(layouts)
    .values({
      projectId,
      name,
      storageKey,
      contentType: 'image/png',
      widthPx: 1000,
      heightPx: 800,
      feetPerPixel,
    })
    .returning();
  return row!;
}

async function pin(name: string, layoutId: number | null, x: number | null, y: number | null, is360 = true) {
  const storageKey = `documentation/${property.id}/photos/${name}.png`;
  await t.app.files.put(storageKey, PNG, 'image/png');
  const kind = layoutId === null ? ('drone' as const) : ('in_wall' as const);
  const [row] = await t.db
    .insert(photos)
    .values({
      projectId: property.id,
      layoutId,
      kind,
      is360,
      x,
      y,
      caption: name,
      storageKey,
      contentType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning();
  photo[name] = { id: row!.id, key: storageKey };
}

const create = (who: TestClient, spot: unknown, headers: Record<string, string> = {}) =>
  who.request('POST', '/api/requests/', {
    json: { type: 'Plumbing', description: 'Stain spreading on the ceiling', property_id: property.id, spot },
    headers,
  });

const detail = (who: TestClient, id: number) => who.request('GET', `/api/requests/${id}/`);
const file = (who: TestClient, key: string) => who.request('GET', `/api/files/${key}`);

beforeAll(async () => {
  t = await startTestAppWithFiles('request-spot');
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  property = await makeProject(t.db, { clientId: client.id, name: 'Maple Court' });
  otherProperty = await makeProject(t.db, { clientId: otherClient.id });
  const managerUser = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  manager = await signIn(t.app, managerUser.email);
  otherManager = await signIn(
    t.app,
    (await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id })).email,
  );
  const vendor = async (trade: string) => {
    const user = await makeUser(t.db, { type: 'vendor' });
    await makeVendorProfile(t.db, { userId: user.id, serviceCategories: [trade] });
    return user;
  };
  plumber = await signIn(t.app, (await vendor('Plumbing')).email);
  electrician = await signIn(t.app, (await vendor('Electrical')).email);
  const workerUser = await vendor('General Contractor');
  worker = await signIn(t.app, workerUser.email);
  const job = await makeRequest(t.db, {
    createdById: managerUser.id,
    projectId: property.id,
    type: 'General Contractor',
    status: 'in_progress',
  });
  await makeBid(t.db, { requestId: job.id, vendorId: workerUser.id, status: 'accepted' });

  plan = await insertLayout(property.id, 'ground', 0.05);
  sketch = await insertLayout(property.id, 'sketch', null);
  foreignPlan = await insertLayout(otherProperty.id, 'foreign', null);
  // Distances from the spot (500, 400) in pixels: 0, 50, 100, 400 (far) and 10 (not a 360).
  await pin('under', plan.id, 0.5, 0.5);
  await pin('beside', plan.id, 0.55, 0.5);
  await pin('further', plan.id, 0.6, 0.5);
  await pin('far', plan.id, 0.9, 0.5);
  await pin('flat', plan.id, 0.51, 0.5, false);
  await pin('drone', null, null, null, false);
  closeUpKey = `documentation/${property.id}/photos/closeup.png`;
  await t.app.files.put(closeUpKey, PNG, 'image/png');
  await t.db.insert(panoramaHotspots).values({
    photoId: photo.under!.id,
    pitch: -10,
    yaw: 30,
    storageKey: closeUpKey,
    contentType: 'image/png',
    caption: 'Pipe joint',
  });
  thumbnailKey = `documentation/${property.id}/thumb.png`;
  await t.app.files.put(thumbnailKey, PNG, 'image/png');
  await t.db.update(projects).set({ thumbnailKey }).where(eq(projects.id, property.id));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/ with a spot', () => {
  it('stores the spot and the area and answers them', async () => {
    const area = [
      { x: 450, y: 350 },
      { x: 550, y: 350 },
      { x: 550, y: 450 },
    ];
    const response = await create(manager, { layout_id: plan.id, x: 500, y: 400, area });
    expect(response.statusCode).toBe(201);
    expect(response.json().spot).toEqual({ layout_id: plan.id, x: 500, y: 400, area });
    const [row] = await t.db
      .select()
      .from(requestSpots)
      .where(eq(requestSpots.requestId, response.json().id));
    expect(row).toEqual({ requestId: response.json().id, layoutId: plan.id, x: 500, y: 400, area });
  });

  it('is optional: no spot, no row, spot null on the detail', async () => {
    const response = await create(manager, undefined);
    expect(response.statusCode).toBe(201);
    expect(response.json().spot).toBeNull();
    expect(
      await t.db.select().from(requestSpots).where(eq(requestSpots.requestId, response.json().id)),
    ).toEqual([]);
    expect((await detail(manager, response.json().id)).json().spot).toBeNull();
  });

  it.each([
    ['a layout of another property', () => ({ layout_id: foreignPlan.id, x: 1, y: 1 }), SPOT_MESSAGES.layout],
    ['an unknown layout', () => ({ layout_id: 999_999, x: 1, y: 1 }), SPOT_MESSAGES.layout],
    ['a spot off the image', () => ({ layout_id: plan.id, x: 1000.5, y: 10 }), SPOT_MESSAGES.offLayout],
    ['a negative coordinate', () => ({ layout_id: plan.id, x: 10, y: -1 }), SPOT_MESSAGES.offLayout],
    [
      'an area point off the image',
      () => ({
        layout_id: plan.id,
        x: 10,
        y: 10,
        area: [
          { x: 0, y: 0 },
          { x: 10, y: 900 },
          { x: 20, y: 0 },
        ],
      }),
      SPOT_MESSAGES.areaOffLayout,
    ],
    [
      'an area of two points',
      () => ({
        layout_id: plan.id,
        x: 10,
        y: 10,
        area: [
          { x: 0, y: 0 },
          { x: 10, y: 10 },
        ],
      }),
      'An area needs at least 3 points.',
    ],
    ['no x', () => ({ layout_id: plan.id, y: 3 }), 'The spot needs a numeric x.'],
    ['not an object', () => 'here', SPOT_MESSAGES.shape],
  ])('refuses %s with a field error on spot, writing nothing', async (_name, spot, message) => {
    const before = (await t.db.select().from(requestSpots)).length;
    const response = await create(manager, spot());
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.spot).toEqual([message]);
    expect(await t.db.select().from(requestSpots)).toHaveLength(before);
  });

  it('takes the spot as JSON text in multipart (a vendor reporting work found on site)', async () => {
    const form = multipart([
      formField('type', 'General Contractor'),
      formField('description', 'Cracked tile behind the tub'),
      formField('project_id', String(property.id)),
      formField('spot', JSON.stringify({ layout_id: sketch.id, x: 10, y: 20 })),
    ]);
    const response = await postMultipart(worker, '/api/requests/', form);
    expect(response.statusCode).toBe(201);
    expect(response.json().spot).toEqual({ layout_id: sketch.id, x: 10, y: 20, area: null });
    const broken = multipart([
      formField('type', 'General Contractor'),
      formField('description', 'Cracked tile behind the tub'),
      formField('project_id', String(property.id)),
      formField('spot', '{"layout_id":'),
    ]);
    const refused = await postMultipart(worker, '/api/requests/', broken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.spot).toEqual([SPOT_MESSAGES.shape]);
  });

  it('replays through an Idempotency-Key unchanged: one request, one spot', async () => {
    const spot = { layout_id: plan.id, x: 100, y: 100 };
    const headers = { 'idempotency-key': 'spot-replay-1' };
    const first = await create(manager, spot, headers);
    const again = await create(manager, spot, headers);
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(
      await t.db.select().from(requestSpots).where(eq(requestSpots.requestId, first.json().id)),
    ).toHaveLength(1);
    const moved = await create(manager, { ...spot, x: 101 }, headers);
    expect(moved.statusCode).toBe(422);
    expect(moved.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('the plan excerpt on the request detail', () => {
  let requestId: number;
  beforeAll(async () => {
    requestId = (await create(manager, { layout_id: plan.id, x: 500, y: 400 })).json().id;
  });

  it('shows the spot and the three nearest 360-degree in-wall photos, in feet on a calibrated plan', async () => {
    const response = await detail(plumber, requestId);
    expect(response.statusCode).toBe(200);
    const { spot } = response.json();
    expect(spot.layout).toEqual({
      id: plan.id,
      name: 'ground',
      url: `/api/files/${plan.storageKey}`,
      width_px: 1000,
      height_px: 800,
      feet_per_pixel: 0.05,
    });
    expect([spot.x, spot.y, spot.area]).toEqual([500, 400, null]);
    expect(
      spot.behind_wall.map((p: { caption: string; distance_ft: number }) => [p.caption, p.distance_ft]),
    ).toEqual([
      ['under', 0],
      ['beside', 2.5],
      ['further', 5],
    ]);
    expect(spot.behind_wall[0].hotspots).toEqual([
      { id: expect.any(Number), pitch: -10, yaw: 30, url: `/api/files/${closeUpKey}`, caption: 'Pipe joint' },
    ]);
    expect((await detail(manager, requestId)).json().spot).toEqual(spot);
  });

  it('ranks without a distance on an uncalibrated layout', async () => {
    await t.db.update(layouts).set({ feetPerPixel: null }).where(eq(layouts.id, plan.id));
    try {
      const { spot } = (await detail(plumber, requestId)).json();
      expect(
        spot.behind_wall.map((p: { caption: string; distance_ft: null }) => [p.caption, p.distance_ft]),
      ).toEqual([
        ['under', null],
        ['beside', null],
        ['further', null],
      ]);
    } finally {
      await t.db.update(layouts).set({ feetPerPixel: 0.05 }).where(eq(layouts.id, plan.id));
    }
  });

  it('is refused with the request to those who may not see it', async () => {
    expect((await detail(electrician, requestId)).statusCode).toBe(403);
    expect((await detail(otherManager, requestId)).statusCode).toBe(403);
  });

  it('lets a vendor who sees the request read exactly the excerpt’s files', async () => {
    // The plumber holds no accepted bid: the property's documentation stays closed to it.
    expect((await plumber.request('GET', `/api/projects/${property.id}/documentation/`)).statusCode).toBe(
      403,
    );
    for (const key of [
      plan.storageKey,
      photo.under!.key,
      photo.beside!.key,
      photo.further!.key,
      closeUpKey,
    ]) {
      expect([key, (await file(plumber, key)).statusCode]).toEqual([key, 200]);
    }
    for (const key of [
      photo.far!.key,
      photo.flat!.key,
      photo.drone!.key,
      sketch.storageKey,
      foreignPlan.storageKey,
      thumbnailKey,
    ]) {
      expect([key, (await file(plumber, key)).statusCode]).toEqual([key, 404]);
    }
  });

  it('keeps the excerpt’s files from those who may not see the request', async () => {
    for (const who of [electrician, otherManager]) {
      for (const key of [plan.storageKey, photo.under!.key, closeUpKey]) {
        expect([key, (await file(who, key)).statusCode]).toEqual([key, 404]);
      }
    }
  });
});
