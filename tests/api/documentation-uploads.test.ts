import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { units } from '#server/db/schema/projects.ts';
import { Raster } from '#server/images/png-raster.ts';
import type { DocumentationPhotoView, LayoutView } from '#shared/documentation.ts';
import { DOCUMENTATION_UPLOAD_MESSAGES as MESSAGES } from '#shared/documentation-uploads.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type FormPart, multipart, postMultipart } from '../support/multipart.ts';
import { makeBid, makeClient, makeProject, makeRequest } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestAppWithFiles;
type Who = 'manager' | 'staff' | 'otherManager' | 'worker';
const as = {} as Record<Who, TestClient>;
const ids = {} as Record<'property' | 'otherProperty' | 'unit' | 'otherUnit', number>;

const PLAN = new Raster(300, 200, [255, 255, 255]).toPng();
const PHOTO = new Raster(40, 20, [120, 90, 60]).toPng();
const WRITE_DENIED = 'You do not have permission to change the documentation of this property.';

const image = (body: Buffer = PLAN): FormPart => ({
  name: 'image',
  value: body,
  filename: 'plan.png',
  type: 'image/png',
});
const field = (name: string, value: string): FormPart => ({ name, value });
const uploadLayout = (who: Who, parts: FormPart[], projectId = ids.property) =>
  postMultipart(as[who], `/api/projects/${projectId}/layouts/`, multipart(parts));
const uploadPhoto = (who: Who, parts: FormPart[], projectId = ids.property) =>
  postMultipart(as[who], `/api/projects/${projectId}/photos/`, multipart(parts));

beforeAll(async () => {
  t = await startTestAppWithFiles('documentation-uploads');
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  const people: Array<[Who, Parameters<typeof makeUser>[1]]> = [
    ['manager', { type: 'property_manager', clientId: client.id }],
    ['staff', { type: null, isStaff: true }],
    ['otherManager', { type: 'property_manager', clientId: otherClient.id }],
  ];
  for (const [who, overrides] of people) {
    const user = await makeUser(t.db, overrides);
    as[who] = await signIn(t.app, user.email);
    if (who === 'manager') {
      const property = await makeProject(t.db, { clientId: client.id });
      ids.property = property.id;
      const job = await makeRequest(t.db, { createdById: user.id, projectId: property.id });
      const worker = await makeUser(t.db, { type: 'vendor' });
      await makeBid(t.db, { requestId: job.id, vendorId: worker.id, status: 'accepted' });
      as.worker = await signIn(t.app, worker.email);
    }
  }
  ids.otherProperty = (await makeProject(t.db, { clientId: otherClient.id })).id;
  const [unit] = await t.db.insert(units).values({ projectId: ids.property, number: '101' }).returning();
  const [otherUnit] = await t.db
    .insert(units)
    .values({ projectId: ids.otherProperty, number: '9' })
    .returning();
  ids.unit = unit!.id;
  ids.otherUnit = otherUnit!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/projects/{id}/layouts/', () => {
  it('stores the plan with its pixel size read from the image and puts it last', async () => {
    const first = await uploadLayout('manager', [
      field('name', 'Ground floor'),
      field('feet_per_pixel', '0.25'),
      image(),
    ]);
    expect(first.statusCode).toBe(201);
    const layout = first.json<LayoutView>();
    expect(layout).toMatchObject({
      name: 'Ground floor',
      content_type: 'image/png',
      width_px: 300,
      height_px: 200,
      feet_per_pixel: 0.25,
      photos: [],
      polygons: [],
    });
    const served = await as.worker.get(layout.url);
    expect(served.statusCode).toBe(200);
    expect(Buffer.from(served.rawPayload).equals(PLAN)).toBe(true);

    const second = await uploadLayout('staff', [field('name', 'Roof'), image()]);
    expect(second.statusCode).toBe(201);
    expect(second.json<LayoutView>().feet_per_pixel).toBeNull();
    const rows = await t.db.select().from(layouts).where(eq(layouts.projectId, ids.property));
    const order = rows.sort((a, b) => a.sortOrder - b.sortOrder).map((row) => row.name);
    expect(order).toEqual(['Ground floor', 'Roof']);
  });

  it('refuses vendors, other clients and visitors before reading the upload', async () => {
    expect((await uploadLayout('worker', [field('name', 'X'), image()])).json()).toEqual({
      error: WRITE_DENIED,
      detail: WRITE_DENIED,
    });
    expect((await uploadLayout('otherManager', [field('name', 'X'), image()])).statusCode).toBe(403);
    expect((await uploadLayout('manager', [field('name', 'X'), image()], 999_999)).statusCode).toBe(404);
    expect(
      (await new TestClient(t.app).request('POST', `/api/projects/${ids.property}/layouts/`)).statusCode,
    ).toBe(403);
  });

  it('checks the image by its bytes and the fields by the shared schema', async () => {
    const notImage = await uploadLayout('manager', [
      field('name', 'Fake'),
      { name: 'image', value: Buffer.from('<svg/>'), filename: 'plan.png', type: 'image/png' },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ errors: { image: [MESSAGES.type] } });
    const missing = await uploadLayout('manager', [field('name', 'No file')]);
    expect(missing.json()).toMatchObject({ errors: { image: [MESSAGES.required] } });
    const unnamed = await uploadLayout('manager', [
      field('name', '  '),
      field('feet_per_pixel', '-1'),
      image(),
    ]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      errors: {
        name: ['This field is required.'],
        feet_per_pixel: ['Enter a number of feet per pixel greater than 0.'],
      },
    });
    const truncated = await uploadLayout('manager', [field('name', 'Broken'), image(PLAN.subarray(0, 12))]);
    expect(truncated.json()).toMatchObject({ errors: { image: [MESSAGES.dimensions] } });
  });
});

describe('PATCH and DELETE /api/layouts/{id}/', () => {
  it('renames and calibrates, and clears the scale with null', async () => {
    const layout = (await uploadLayout('manager', [field('name', 'Attic'), image()])).json<LayoutView>();
    const patched = await as.manager.request('PATCH', `/api/layouts/${layout.id}/`, {
      json: { name: 'Attic level', feet_per_pixel: 0.5 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<LayoutView>()).toMatchObject({ name: 'Attic level', feet_per_pixel: 0.5 });
    const cleared = await as.manager.request('PATCH', `/api/layouts/${layout.id}/`, {
      json: { feet_per_pixel: null },
    });
    expect(cleared.json<LayoutView>().feet_per_pixel).toBeNull();
    const empty = await as.manager.request('PATCH', `/api/layouts/${layout.id}/`, { json: {} });
    expect(empty.statusCode).toBe(400);
    expect(
      (await as.worker.request('PATCH', `/api/layouts/${layout.id}/`, { json: { name: 'X' } })).statusCode,
    ).toBe(403);
  });

  it('deletes a layout with its pins and polygons, and the files nothing else uses', async () => {
    const layout = (await uploadLayout('manager', [field('name', 'Temporary'), image()])).json<LayoutView>();
    const pin = await uploadPhoto('manager', [
      field('kind', 'in_wall'),
      field('layout_id', String(layout.id)),
      field('x', '0.5'),
      field('y', '0.5'),
      image(PHOTO),
    ]);
    expect(pin.statusCode).toBe(201);
    await as.manager.post(`/api/layouts/${layout.id}/polygons/`, {
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ],
    });
    const before = await storedFiles(t.dataDir, /^documentation\/.*\.png$/);

    expect((await as.otherManager.request('DELETE', `/api/layouts/${layout.id}/`)).statusCode).toBe(403);
    const deleted = await as.manager.request('DELETE', `/api/layouts/${layout.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(layouts).where(eq(layouts.id, layout.id))).toEqual([]);
    expect(
      await t.db.select().from(photos).where(eq(photos.id, pin.json<DocumentationPhotoView>().id)),
    ).toEqual([]);
    expect(await t.db.select().from(layoutPolygons).where(eq(layoutPolygons.layoutId, layout.id))).toEqual(
      [],
    );
    const after = await storedFiles(t.dataDir, /^documentation\/.*\.png$/);
    expect(before.length - after.length).toBe(2);
    expect((await as.manager.request('DELETE', `/api/layouts/${layout.id}/`)).statusCode).toBe(404);
  });
});

describe('POST /api/projects/{id}/photos/ and DELETE /api/photos/{id}/', () => {
  let ground: LayoutView;
  beforeAll(async () => {
    ground = (await uploadLayout('manager', [field('name', 'Photos floor'), image()])).json<LayoutView>();
  });

  it('pins an in-wall 360 photo on a layout, with its unit and date', async () => {
    const answer = await uploadPhoto('manager', [
      field('kind', 'in_wall'),
      field('is_360', 'true'),
      field('caption', 'Kitchen wet wall'),
      field('layout_id', String(ground.id)),
      field('x', '0.25'),
      field('y', '0.75'),
      field('unit_id', String(ids.unit)),
      field('taken_at', '2026-05-04'),
      image(PHOTO),
    ]);
    expect(answer.statusCode).toBe(201);
    expect(answer.json<DocumentationPhotoView>()).toMatchObject({
      caption: 'Kitchen wet wall',
      is_360: true,
      x: 0.25,
      y: 0.75,
      unit: { id: ids.unit, number: '101' },
      taken_at: '2026-05-04T12:00:00.000Z',
      hotspots: [],
    });
    const documentation = await as.worker.get(`/api/projects/${ids.property}/documentation/`);
    const layout = documentation
      .json<{ layouts: LayoutView[] }>()
      .layouts.find((item) => item.id === ground.id);
    expect(layout?.photos.map((photo) => photo.caption)).toEqual(['Kitchen wet wall']);
  });

  it('keeps drone and thermal photos off the layouts', async () => {
    const drone = await uploadPhoto('staff', [field('kind', 'drone'), field('x', '0.5'), image(PHOTO)]);
    expect(drone.statusCode).toBe(201);
    expect(drone.json<DocumentationPhotoView>()).toMatchObject({ x: null, y: null, is_360: false });
  });

  it('needs a spot on a layout of this property for an in-wall photo', async () => {
    const unplaced = await uploadPhoto('manager', [field('kind', 'in_wall'), image(PHOTO)]);
    expect(unplaced.statusCode).toBe(400);
    expect(unplaced.json()).toMatchObject({
      errors: { layout_id: ['Choose the layout the photo belongs on.'], x: ['Choose the spot on the plan.'] },
    });
    const foreignUnit = await uploadPhoto('manager', [
      field('kind', 'in_wall'),
      field('layout_id', String(ground.id)),
      field('x', '0.1'),
      field('y', '0.1'),
      field('unit_id', String(ids.otherUnit)),
      image(PHOTO),
    ]);
    expect(foreignUnit.json()).toMatchObject({ errors: { unit_id: ['Choose a unit of this property.'] } });
    const offPlan = await uploadPhoto('manager', [
      field('kind', 'in_wall'),
      field('layout_id', String(ground.id)),
      field('x', '1.5'),
      field('y', '0.1'),
      image(PHOTO),
    ]);
    expect(offPlan.json()).toMatchObject({ errors: { x: ['Choose a spot on the plan.'] } });
    const badKind = await uploadPhoto('manager', [field('kind', 'selfie'), image(PHOTO)]);
    expect(badKind.json()).toMatchObject({ errors: { kind: ['Choose In-wall, Drone or Thermal.'] } });
  });

  it('deletes a photo for the writers only', async () => {
    const photo = (
      await uploadPhoto('manager', [field('kind', 'thermal'), image(PHOTO)])
    ).json<DocumentationPhotoView>();
    expect((await as.worker.request('DELETE', `/api/photos/${photo.id}/`)).statusCode).toBe(403);
    expect((await as.otherManager.request('DELETE', `/api/photos/${photo.id}/`)).statusCode).toBe(403);
    expect((await as.staff.request('DELETE', `/api/photos/${photo.id}/`)).statusCode).toBe(204);
    expect((await as.staff.request('DELETE', `/api/photos/${photo.id}/`)).statusCode).toBe(404);
    expect((await as.worker.get(photo.url)).statusCode).toBe(404);
  });
});

describe('POST /api/photos/{id}/hotspots/, PATCH and DELETE /api/hotspots/{id}/', () => {
  let sphere: DocumentationPhotoView;
  let flat: DocumentationPhotoView;
  beforeAll(async () => {
    const layout = (
      await uploadLayout('manager', [field('name', 'Close-ups floor'), image()])
    ).json<LayoutView>();
    const pin = (is360: boolean) =>
      uploadPhoto('manager', [
        field('kind', 'in_wall'),
        field('is_360', String(is360)),
        field('layout_id', String(layout.id)),
        field('x', '0.5'),
        field('y', '0.5'),
        image(PHOTO),
      ]);
    sphere = (await pin(true)).json<DocumentationPhotoView>();
    flat = (await pin(false)).json<DocumentationPhotoView>();
  });
  const addCloseUp = (who: Who, photoId: number, parts: FormPart[]) =>
    postMultipart(as[who], `/api/photos/${photoId}/hotspots/`, multipart(parts));

  it('places a close-up inside a 360 photo for the writers, and the reader sees it', async () => {
    const answer = await addCloseUp('manager', sphere.id, [
      field('pitch', '-12.5'),
      field('yaw', '40'),
      field('caption', 'Shut-off valve'),
      image(PHOTO),
    ]);
    expect(answer.statusCode).toBe(201);
    const closeUp = answer.json<{ id: number; url: string }>();
    expect(answer.json()).toMatchObject({ pitch: -12.5, yaw: 40, caption: 'Shut-off valve' });
    const documentation = await as.worker.get(`/api/projects/${ids.property}/documentation/`);
    const photo = documentation
      .json<{ layouts: LayoutView[] }>()
      .layouts.flatMap((layout) => layout.photos)
      .find((item) => item.id === sphere.id);
    expect(photo?.hotspots).toEqual([
      { id: closeUp.id, pitch: -12.5, yaw: 40, url: closeUp.url, caption: 'Shut-off valve' },
    ]);
    expect((await as.worker.get(closeUp.url)).statusCode).toBe(200);

    expect((await as.worker.request('DELETE', `/api/hotspots/${closeUp.id}/`)).statusCode).toBe(403);
    expect((await as.manager.request('DELETE', `/api/hotspots/${closeUp.id}/`)).statusCode).toBe(204);
    expect((await as.manager.request('DELETE', `/api/hotspots/${closeUp.id}/`)).statusCode).toBe(404);
    expect((await as.worker.get(closeUp.url)).statusCode).toBe(404);
  });

  it('refuses a flat photo, angles out of range, vendors and other clients', async () => {
    const onFlat = await addCloseUp('manager', flat.id, [
      field('pitch', '0'),
      field('yaw', '0'),
      image(PHOTO),
    ]);
    expect(onFlat.statusCode).toBe(400);
    expect(onFlat.json()).toMatchObject({ detail: 'Close-ups go inside 360-degree photos only.' });
    const tooHigh = await addCloseUp('manager', sphere.id, [
      field('pitch', '91'),
      field('yaw', '0'),
      image(PHOTO),
    ]);
    expect(tooHigh.statusCode).toBe(400);
    expect(Object.keys(tooHigh.json<{ errors: object }>().errors)).toEqual(['pitch']);
    const part = [field('pitch', '0'), field('yaw', '0'), image(PHOTO)];
    expect((await addCloseUp('worker', sphere.id, part)).statusCode).toBe(403);
    expect((await addCloseUp('otherManager', sphere.id, part)).statusCode).toBe(403);
    expect((await addCloseUp('manager', 999_999, part)).statusCode).toBe(404);
  });

  it('changes a close-up caption and place for the writers only', async () => {
    const closeUp = (
      await addCloseUp('manager', sphere.id, [
        field('pitch', '0'),
        field('yaw', '0'),
        field('caption', 'Pipe'),
        image(PHOTO),
      ])
    ).json<{ id: number; url: string }>();
    const patch = (who: Who, json: unknown, id = closeUp.id) =>
      as[who].request('PATCH', `/api/hotspots/${id}/`, { json });

    const renamed = await patch('staff', { caption: '  Copper supply line  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      id: closeUp.id,
      pitch: 0,
      yaw: 0,
      url: closeUp.url,
      caption: 'Copper supply line',
    });
    const moved = await patch('manager', { pitch: -30, yaw: 120.5 });
    expect(moved.json()).toMatchObject({ pitch: -30, yaw: 120.5, caption: 'Copper supply line' });
    const documentation = await as.worker.get(`/api/projects/${ids.property}/documentation/`);
    const kept = documentation
      .json<{ layouts: LayoutView[] }>()
      .layouts.flatMap((layout) => layout.photos)
      .flatMap((photo) => photo.hotspots)
      .find((item) => item.id === closeUp.id);
    expect(kept).toMatchObject({ pitch: -30, yaw: 120.5, caption: 'Copper supply line' });

    const halfPlace = await patch('manager', { pitch: 10 });
    expect(halfPlace.statusCode).toBe(400);
    expect(halfPlace.json<{ errors: Record<string, string[]> }>().errors.pitch).toEqual([
      'Send pitch and yaw together.',
    ]);
    expect((await patch('manager', {})).statusCode).toBe(400);
    expect((await patch('manager', { yaw: 181, pitch: 0 })).statusCode).toBe(400);
    expect((await patch('manager', { caption: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await patch('worker', { caption: 'Vendor edit' })).statusCode).toBe(403);
    expect((await patch('otherManager', { caption: 'Other client' })).statusCode).toBe(403);
    expect((await patch('manager', { caption: 'Gone' }, 999_999)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.csrfToken();
    expect(
      (await anonymous.request('PATCH', `/api/hotspots/${closeUp.id}/`, { json: { caption: 'x' } }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(panoramaHotspots).where(eq(panoramaHotspots.id, closeUp.id));
    expect(row).toMatchObject({ caption: 'Copper supply line', pitch: -30, yaw: 120.5 });
  });
});

describe('ids in the path and the order of the checks', () => {
  /** The property calls' refusal: the spec's `error` and the shared `detail`. */
  const refusal = (message: string) => ({ error: message, detail: message });

  it.each([
    ['POST', '/api/projects/abc/layouts/', 'Property not found.'],
    ['POST', '/api/projects/abc/photos/', 'Property not found.'],
    ['PATCH', '/api/layouts/abc/', 'Layout not found.'],
    ['DELETE', '/api/layouts/1234567890/', 'Layout not found.'],
    ['DELETE', '/api/photos/-1/', 'Photo not found.'],
    ['POST', '/api/photos/abc/hotspots/', 'Photo not found.'],
    ['PATCH', '/api/hotspots/abc/', 'Close-up not found.'],
    ['DELETE', '/api/hotspots/1.5/', 'Close-up not found.'],
  ] as const)(
    'answers %s %s with the record’s own 404 for an id that is no id',
    async (method, path, message) => {
      const response = await as.manager.request(method, path, { json: { name: 'X' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal(message));
    },
  );

  it('refuses a signed-out caller with a malformed id 401, and a vendor with a bad body 403, before any 400', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.csrfToken();
    expect((await anonymous.request('PATCH', '/api/layouts/abc/', { json: {} })).statusCode).toBe(401);
    expect((await anonymous.request('DELETE', '/api/photos/abc/')).statusCode).toBe(401);
    const layout = (await uploadLayout('manager', [field('name', 'Order'), image()])).json<LayoutView>();
    const vendorEdit = await as.worker.request('PATCH', `/api/layouts/${layout.id}/`, { json: { name: '' } });
    expect(vendorEdit.statusCode).toBe(403);
    expect(vendorEdit.json()).toEqual(refusal(WRITE_DENIED));
    const managerEdit = await as.manager.request('PATCH', `/api/layouts/${layout.id}/`, {
      json: { name: '' },
    });
    expect(managerEdit.statusCode).toBe(400);
    expect(managerEdit.json<{ errors: Record<string, string[]> }>().errors.name).toBeDefined();
  });
});
