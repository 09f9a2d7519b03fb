import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { units } from '#server/db/schema/projects.ts';
import { POLYGON_OFF_LAYOUT, type ProjectDocumentation } from '#shared/documentation.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { makeBid, makeClient, makeProject, makeRequest } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestAppWithFiles;

type Who = 'manager' | 'staff' | 'otherManager' | 'worker' | 'bidder' | 'stranger';
const as = {} as Record<Who, TestClient>;
const ids = {} as Record<
  | Who
  | 'property'
  | 'otherProperty'
  | 'ground'
  | 'upper'
  | 'basement'
  | 'otherLayout'
  | 'unit'
  | 'early'
  | 'late'
  | 'undated'
  | 'drone'
  | 'thermal'
  | 'kept'
  | 'orphanPolygon'
  | 'foreignPolygon',
  number
>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('plan'),
]);
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const TRIANGLE = [
  { x: 0, y: 0 },
  { x: 1000, y: 0 },
  { x: 1000, y: 800 },
];

const READ_DENIED = 'You do not have permission to view this property.';
const WRITE_DENIED = 'You do not have permission to change the documentation of this property.';
const propertyError = (message: string) => ({ error: message, detail: message });

const documentation = (who: Who, projectId = ids.property) =>
  as[who].get(`/api/projects/${projectId}/documentation/`);
const polygonsPath = (layoutId: number | string = ids.ground) => `/api/layouts/${layoutId}/polygons/`;
const deletePolygon = (who: Who, polygonId: number | string, layoutId: number | string = ids.ground) =>
  as[who].request('DELETE', `${polygonsPath(layoutId)}${polygonId}/`);
const polygonCount = async () => (await t.db.select().from(layoutPolygons)).length;

async function person(who: Who, overrides: Parameters<typeof makeUser>[1]) {
  const user = await makeUser(t.db, overrides);
  ids[who] = user.id;
  as[who] = await signIn(t.app, user.email);
}

const layoutKey = (name: string) => `docs/layouts/${name.toLowerCase().replaceAll(' ', '-')}.png`;

async function insertLayout(projectId: number, name: string, sortOrder: number) {
  const [layout] = await t.db
    .insert(layouts)
    .values({
      projectId,
      name,
      sortOrder,
      storageKey: layoutKey(name),
      contentType: 'image/png',
      widthPx: 1000,
      heightPx: 800,
      feetPerPixel: name === 'Ground floor' ? 0.05 : null,
    })
    .returning();
  return layout!;
}

async function insertPhoto(values: Partial<typeof photos.$inferInsert> & { storageKey: string }) {
  const [photo] = await t.db
    .insert(photos)
    .values({ projectId: ids.property, contentType: 'image/jpeg', sizeBytes: 100, ...values })
    .returning();
  return photo!.id;
}

beforeAll(async () => {
  t = await startTestAppWithFiles('documentation');
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  await person('manager', {
    type: 'property_manager',
    clientId: client.id,
    firstName: 'Maria',
    lastName: 'Lopez',
  });
  await person('staff', { type: null, isStaff: true, firstName: 'Sam', lastName: 'Staff' });
  await person('otherManager', { type: 'property_manager', clientId: otherClient.id });
  await person('worker', { type: 'vendor' });
  await person('bidder', { type: 'vendor' });
  await person('stranger', { type: 'vendor' });

  const property = await makeProject(t.db, { clientId: client.id, name: 'Maple Court', address: '5 Elm St' });
  const otherProperty = await makeProject(t.db, { clientId: otherClient.id });
  ids.property = property.id;
  ids.otherProperty = otherProperty.id;
  // The worker holds an accepted bid here; the bidder only a pending one, which opens nothing.
  const job = await makeRequest(t.db, { createdById: ids.manager, projectId: property.id });
  await makeBid(t.db, { requestId: job.id, vendorId: ids.worker, status: 'accepted' });
  const quote = await makeRequest(t.db, { createdById: ids.manager, projectId: property.id });
  await makeBid(t.db, { requestId: quote.id, vendorId: ids.bidder });
  // An accepted bid on another client's property opens nothing here either.
  const elsewhere = await makeRequest(t.db, { createdById: ids.manager, projectId: otherProperty.id });
  await makeBid(t.db, { requestId: elsewhere.id, vendorId: ids.stranger, status: 'accepted' });

  const [unit] = await t.db.insert(units).values({ projectId: property.id, number: '101' }).returning();
  ids.unit = unit!.id;
  // Inserted out of order: the answer sorts by sort_order, then id.
  ids.upper = (await insertLayout(property.id, 'Upper floor', 2)).id;
  ids.ground = (await insertLayout(property.id, 'Ground floor', 1)).id;
  ids.basement = (await insertLayout(property.id, 'Basement', 1)).id;
  ids.otherLayout = (await insertLayout(otherProperty.id, 'Elsewhere', 0)).id;

  ids.undated = await insertPhoto({
    layoutId: ids.ground,
    storageKey: 'docs/photos/undated.jpg',
    x: 0.9,
    y: 0.1,
  });
  ids.late = await insertPhoto({
    layoutId: ids.ground,
    storageKey: 'docs/photos/late.jpg',
    x: 0.5,
    y: 0.25,
    takenAt: new Date('2026-03-02T10:00:00Z'),
  });
  ids.early = await insertPhoto({
    layoutId: ids.ground,
    unitId: ids.unit,
    storageKey: 'docs/photos/early.jpg',
    is360: true,
    x: 0,
    y: 1,
    caption: 'Kitchen wall',
    takenAt: new Date('2026-03-01T10:00:00Z'),
  });
  ids.drone = await insertPhoto({ kind: 'drone', storageKey: 'docs/photos/roof.jpg', caption: 'Roof' });
  // A thermal photo pinned on a layout is listed with the thermal photos, not as a viewer pin.
  ids.thermal = await insertPhoto({
    kind: 'thermal',
    layoutId: ids.upper,
    storageKey: 'docs/photos/heat.jpg',
    x: 0.2,
    y: 0.2,
  });
  // Not listed: an in-wall photo on no layout, and another property's photo.
  await insertPhoto({ storageKey: 'docs/photos/loose.jpg' });
  await insertPhoto({ projectId: otherProperty.id, kind: 'drone', storageKey: 'docs/photos/other.jpg' });
  await t.db.insert(panoramaHotspots).values([
    {
      photoId: ids.early,
      pitch: 10,
      yaw: -30,
      storageKey: 'docs/hotspots/valve.jpg',
      contentType: 'image/jpeg',
      caption: 'Valve',
    },
    {
      photoId: ids.early,
      pitch: -5,
      yaw: 120,
      storageKey: 'docs/hotspots/pipe.jpg',
      contentType: 'image/jpeg',
    },
  ]);

  const [kept, orphan, foreign] = await t.db
    .insert(layoutPolygons)
    .values([
      { layoutId: ids.ground, name: 'Kitchen', points: TRIANGLE, createdById: ids.manager },
      // Kept by a user who is gone since.
      { layoutId: ids.ground, points: [...TRIANGLE, { x: 0, y: 800 }], createdById: null },
      { layoutId: ids.upper, name: 'Landing', points: TRIANGLE, createdById: ids.staff },
    ])
    .returning();
  ids.kept = kept!.id;
  ids.orphanPolygon = orphan!.id;
  ids.foreignPolygon = foreign!.id;
  await t.app.files.put(layoutKey('Ground floor'), PNG, 'image/png');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/projects/{id}/documentation/', () => {
  it('answers the owning client’s manager everything the viewer shows, with can_edit', async () => {
    const response = await documentation('manager');
    expect(response.statusCode).toBe(200);
    const photo = (id: number, key: string, extra: Record<string, unknown> = {}) => ({
      id,
      url: `/api/files/docs/photos/${key}.jpg`,
      caption: '',
      is_360: false,
      x: null,
      y: null,
      unit: null,
      taken_at: null,
      hotspots: [],
      ...extra,
    });
    const layout = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
      id,
      name,
      url: `/api/files/${layoutKey(name)}`,
      content_type: 'image/png',
      width_px: 1000,
      height_px: 800,
      feet_per_pixel: null,
      photos: [],
      polygons: [],
      ...extra,
    });
    expect(response.json()).toEqual({
      project: { id: ids.property, name: 'Maple Court', address: '5 Elm St' },
      layouts: [
        layout(ids.ground, 'Ground floor', {
          feet_per_pixel: 0.05,
          // By taken_at, undated last.
          photos: [
            photo(ids.early, 'early', {
              caption: 'Kitchen wall',
              is_360: true,
              x: 0,
              y: 1,
              unit: { id: ids.unit, number: '101' },
              taken_at: '2026-03-01T10:00:00.000Z',
              hotspots: [
                {
                  id: expect.any(Number),
                  pitch: 10,
                  yaw: -30,
                  url: '/api/files/docs/hotspots/valve.jpg',
                  caption: 'Valve',
                },
                {
                  id: expect.any(Number),
                  pitch: -5,
                  yaw: 120,
                  url: '/api/files/docs/hotspots/pipe.jpg',
                  caption: '',
                },
              ],
            }),
            photo(ids.late, 'late', { x: 0.5, y: 0.25, taken_at: '2026-03-02T10:00:00.000Z' }),
            photo(ids.undated, 'undated', { x: 0.9, y: 0.1 }),
          ],
          polygons: [
            { id: ids.kept, name: 'Kitchen', points: TRIANGLE, created_at: ISO, created_by: 'Maria Lopez' },
            {
              id: ids.orphanPolygon,
              name: '',
              points: [...TRIANGLE, { x: 0, y: 800 }],
              created_at: ISO,
              created_by: null,
            },
          ],
        }),
        layout(ids.basement, 'Basement'),
        layout(ids.upper, 'Upper floor', {
          polygons: [
            {
              id: ids.foreignPolygon,
              name: 'Landing',
              points: TRIANGLE,
              created_at: ISO,
              created_by: 'Sam Staff',
            },
          ],
        }),
      ],
      drone_photos: [photo(ids.drone, 'roof', { caption: 'Roof' })],
      thermal_photos: [photo(ids.thermal, 'heat', { x: 0.2, y: 0.2 })],
      can_edit: true,
    });
    const [first, second] = response.json<ProjectDocumentation>().layouts[0]!.photos[0]!.hotspots;
    expect(first!.id).toBeLessThan(second!.id);
  });

  it('answers staff the same, with can_edit', async () => {
    const response = await documentation('staff');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...(await documentation('manager')).json(), can_edit: true });
  });

  it('answers a vendor holding an accepted bid on the property, without can_edit', async () => {
    const response = await documentation('worker');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...(await documentation('manager')).json(), can_edit: false });
  });

  it.each([
    ['another client’s manager', 'otherManager'],
    ['a vendor with only a pending bid there', 'bidder'],
    ['a vendor with an accepted bid on another property only', 'stranger'],
  ] as const)('refuses %s with 403', async (_label, who) => {
    const response = await documentation(who);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(propertyError(READ_DENIED));
  });

  it('is 401 when signed out', async () => {
    const response = await new TestClient(t.app).get(`/api/projects/${ids.property}/documentation/`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(propertyError('Authentication credentials were not provided.'));
  });

  it.each(['999999', 'abc', '1234567890', '-1'])(
    'is 404 for the property id %s, before the 403',
    async (id) => {
      for (const who of ['staff', 'otherManager'] as const) {
        const response = await as[who].get(`/api/projects/${id}/documentation/`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(propertyError('Property not found.'));
      }
    },
  );

  it('answers a property without documentation with empty lists', async () => {
    const response = await documentation('otherManager', ids.otherProperty);
    expect(response.statusCode).toBe(200);
    const body = response.json<ProjectDocumentation>();
    expect(body.layouts.map((layout) => layout.name)).toEqual(['Elsewhere']);
    expect(body.drone_photos.map((photo) => photo.url)).toEqual(['/api/files/docs/photos/other.jpg']);
    expect(body.thermal_photos).toEqual([]);
  });
});

describe('POST /api/layouts/{layoutId}/polygons/', () => {
  it('keeps a manager’s polygon: 201 with the view, and the row names its author', async () => {
    const points = [
      { x: 10.5, y: 20 },
      { x: 400, y: 20 },
      { x: 400, y: 300.25 },
      { x: 10.5, y: 300.25 },
    ];
    const response = await as.manager.post(polygonsPath(), { name: '  Living room  ', points });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Living room',
      points,
      created_at: ISO,
      created_by: 'Maria Lopez',
    });
    const [row] = await t.db.select().from(layoutPolygons).where(eq(layoutPolygons.id, body.id));
    expect(row).toMatchObject({
      layoutId: ids.ground,
      name: 'Living room',
      points,
      createdById: ids.manager,
    });
    const listed = (await documentation('worker')).json<ProjectDocumentation>().layouts[0]!.polygons;
    expect(listed.at(-1)).toEqual(body);
  });

  it('keeps staff’s polygon; the name may be left out, and points on the edges count as on the layout', async () => {
    const response = await as.staff.post(polygonsPath(ids.basement), { points: TRIANGLE });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: '', points: TRIANGLE, created_by: 'Sam Staff' });
  });

  it.each([
    [
      'fewer than 3 points',
      { points: TRIANGLE.slice(0, 2) },
      { points: ['A polygon needs at least 3 points.'] },
    ],
    ['no points', { name: 'Hall' }, { points: ['This field is required.'] }],
    [
      'a point that is not numeric',
      { points: [{ x: 'ten', y: 0 }, ...TRIANGLE.slice(1)] },
      { points: ['Each point needs numeric x and y.'] },
    ],
    [
      'a point right of the layout',
      { points: [...TRIANGLE, { x: 1000.5, y: 10 }] },
      { points: [POLYGON_OFF_LAYOUT] },
    ],
    [
      'a point above the layout',
      { points: [{ x: 10, y: -1 }, ...TRIANGLE] },
      { points: [POLYGON_OFF_LAYOUT] },
    ],
    [
      'a point below the layout',
      { points: [...TRIANGLE, { x: 10, y: 801 }] },
      { points: [POLYGON_OFF_LAYOUT] },
    ],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101), points: TRIANGLE },
      { name: ['Ensure this field has no more than 100 characters.'] },
    ],
  ])('is 400 for %s, keeping nothing', async (_label, payload, errors) => {
    const before = await polygonCount();
    const response = await as.manager.post(polygonsPath(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors });
    expect(await polygonCount()).toBe(before);
  });

  it.each([
    ['a vendor who may read it', 'worker'],
    ['another client’s manager', 'otherManager'],
    ['a vendor with no access', 'bidder'],
  ] as const)('refuses %s with 403, before looking at the body', async (_label, who) => {
    const before = await polygonCount();
    for (const payload of [{ name: 'Mine', points: TRIANGLE }, { points: [] }]) {
      const response = await as[who].post(polygonsPath(), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(propertyError(WRITE_DENIED));
    }
    expect(await polygonCount()).toBe(before);
  });

  it.each(['999999', 'abc'])('is 404 for the layout id %s', async (id) => {
    const response = await as.otherManager.post(polygonsPath(id), { points: TRIANGLE });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(propertyError('Layout not found.'));
  });

  it('is 401 for a signed-out visitor who sent a valid CSRF token', async () => {
    const visitor = new TestClient(t.app);
    await visitor.csrfToken();
    const response = await visitor.post(polygonsPath(), { points: TRIANGLE });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write without the CSRF header', async () => {
    const before = await polygonCount();
    const response = await as.manager.post(polygonsPath(), { points: TRIANGLE }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect(await polygonCount()).toBe(before);
  });
});

describe('DELETE /api/layouts/{layoutId}/polygons/{polygonId}/', () => {
  const newPolygon = async () =>
    (await as.manager.post(polygonsPath(), { name: 'Scratch', points: TRIANGLE })).json<{ id: number }>().id;
  const listedIds = async () =>
    (await documentation('manager'))
      .json<ProjectDocumentation>()
      .layouts.flatMap((layout) => layout.polygons.map((polygon) => polygon.id));

  it('deletes the polygon: 204, then it is gone from the documentation', async () => {
    const id = await newPolygon();
    expect(await listedIds()).toContain(id);
    const response = await deletePolygon('manager', id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await listedIds()).not.toContain(id);
    expect(await t.db.select().from(layoutPolygons).where(eq(layoutPolygons.id, id))).toEqual([]);
    // Once gone, it is not found.
    expect((await deletePolygon('manager', id)).statusCode).toBe(404);
  });

  it('lets staff delete', async () => {
    expect((await deletePolygon('staff', await newPolygon())).statusCode).toBe(204);
  });

  it('is 404 for a polygon of another layout, which stays', async () => {
    const response = await deletePolygon('manager', ids.foreignPolygon, ids.ground);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(propertyError('Polygon not found.'));
    expect(await listedIds()).toContain(ids.foreignPolygon);
  });

  it.each([
    ['an unknown polygon', () => [999999, ids.ground], 'Polygon not found.'],
    ['a polygon id that is no number', () => ['abc', ids.ground], 'Polygon not found.'],
    ['an unknown layout', () => [ids.kept, 999999], 'Layout not found.'],
  ] as const)('is 404 for %s', async (_label, path, message) => {
    const [polygonId, layoutId] = path() as [string | number, string | number];
    const response = await deletePolygon('manager', polygonId, layoutId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(propertyError(message));
  });

  it.each([
    ['a vendor who may read it', 'worker'],
    ['another client’s manager', 'otherManager'],
  ] as const)('refuses %s with 403, and the polygon stays', async (_label, who) => {
    const response = await deletePolygon(who, ids.kept);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(propertyError(WRITE_DENIED));
    expect(await listedIds()).toContain(ids.kept);
  });

  it('refuses a cookie-authenticated delete without the CSRF header', async () => {
    const response = await as.manager.request('DELETE', `${polygonsPath()}${ids.kept}/`, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect(await listedIds()).toContain(ids.kept);
  });
});

describe('layout images through GET /api/files/<key>', () => {
  it('serves the layout image to the readers of the documentation only', async () => {
    const url = (await documentation('worker')).json<ProjectDocumentation>().layouts[0]!.url;
    expect(url).toBe('/api/files/docs/layouts/ground-floor.png');
    for (const who of ['manager', 'staff', 'worker'] as const) {
      const response = await as[who].get(url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(PNG);
    }
    for (const who of ['otherManager', 'bidder', 'stranger'] as const) {
      expect((await as[who].get(url)).statusCode).toBe(404);
    }
  });
});
