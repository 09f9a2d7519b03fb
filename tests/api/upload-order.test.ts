import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import {
  NO_WORKED_PROPERTY,
  NOT_WORKED_PROPERTY,
  NOT_YOUR_PROPERTY,
  PROPERTY_BEFORE_PHOTOS,
} from '#server/requests/request-property.ts';
import { MAX_THUMBNAIL_BYTES } from '#shared/admin-clients.ts';
import type { DocumentationPhotoView } from '#shared/documentation.ts';
import { MAX_DOCUMENTATION_PHOTO_BYTES } from '#shared/documentation-uploads.ts';
import { MAX_REQUEST_PHOTO_BYTES } from '#shared/request-schemas.ts';
import { MAX_CERTIFICATE_BYTES } from '#shared/vendor-application.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storesNothing, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type FormPart, formField, multipart, pngFile, postMultipart } from '../support/multipart.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeRequestWorld,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';

/*
 * Every upload route checks the caller's right to its target before it reads a file part (docs:
 * Trust, Uploads). Each refused call here carries a photo over the route's byte limit: had the
 * route read it, the answer would be 413; it must be the refusal, with nothing stored.
 */
let t: TestAppWithFiles;
let propertyA: number;
let propertyB: number;
let managerA: TestClient;
let managerAId: number;
let plumber: TestClient; // accepted bid on property A only
let plumberId: number;
let newVendor: TestClient; // no accepted bid anywhere

/** A real PNG followed by enough bytes to pass `limit`. */
const oversized = (limit: number) => Buffer.concat([png(), Buffer.alloc(limit + 1)]);
const photo = (value: Buffer, name = 'photos') => pngFile(name, value, 'a.png');
const requestFields = [formField('type', 'Plumbing'), formField('description', 'Ordered upload')];

const createRequest = (who: TestClient, parts: FormPart[]) =>
  postMultipart(who, '/api/requests/', multipart(parts));
const requestsDescribed = (description: string) =>
  t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.description, description));

beforeAll(async () => {
  t = await startTestAppWithFiles('upload-order');
  const world = await makeRequestWorld(t.db);
  propertyA = world.project.id;
  managerAId = world.manager.id;
  managerA = await signIn(t.app, world.manager.email);
  propertyB = (await makeProject(t.db, { clientId: (await makeClient(t.db)).id })).id;
  const plumberUser = await makeUser(t.db, { type: 'vendor' });
  await makeVendorProfile(t.db, { userId: plumberUser.id });
  plumberId = plumberUser.id;
  const job = await makeRequest(t.db, {
    createdById: managerAId,
    projectId: propertyA,
    status: 'in_progress',
  });
  await makeBid(t.db, { requestId: job.id, vendorId: plumberUser.id, status: 'accepted' });
  plumber = await signIn(t.app, plumberUser.email);
  const newVendorUser = await makeUser(t.db, { type: 'vendor' });
  await makeVendorProfile(t.db, { userId: newVendorUser.id });
  newVendor = await signIn(t.app, newVendorUser.email);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/ (multipart): the property before the photos', () => {
  const big = () => oversized(MAX_REQUEST_PHOTO_BYTES);

  it('reads the photo of an allowed caller: the same oversized photo is 413 there', async () => {
    const response = await createRequest(managerA, [
      ...requestFields,
      formField('property_id', String(propertyA)),
      photo(big()),
    ]);
    expect(response.statusCode).toBe(413);
  });

  it("refuses a manager naming another client's property with 403 before reading its photo", async () => {
    const response = await storesNothing(t.dataDir, () =>
      createRequest(managerA, [...requestFields, formField('property_id', String(propertyB)), photo(big())]),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: NOT_YOUR_PROPERTY });
    expect(await requestsDescribed('Ordered upload')).toEqual([]);
  });

  it('refuses a vendor without an accepted bid, and one naming a property it does not work on', async () => {
    const none = await storesNothing(t.dataDir, () =>
      createRequest(newVendor, [...requestFields, photo(big())]),
    );
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ detail: NO_WORKED_PROPERTY });
    const elsewhere = await storesNothing(t.dataDir, () =>
      createRequest(plumber, [...requestFields, formField('project_id', String(propertyB)), photo(big())]),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ detail: NOT_WORKED_PROPERTY });
  });

  it('refuses a photo sent before the property with 400, unread', async () => {
    const response = await storesNothing(t.dataDir, () =>
      createRequest(managerA, [...requestFields, photo(big()), formField('property_id', String(propertyA))]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { property_id: [PROPERTY_BEFORE_PHOTOS] } });
  });

  it('refuses a property sent after the photos, even one the vendor may use', async () => {
    // The plumber works on one property, so its photos may come without naming it; a property named
    // after them would be a target nobody checked before the photos were read.
    const response = await storesNothing(t.dataDir, () =>
      createRequest(plumber, [...requestFields, photo(png()), formField('project_id', String(propertyA))]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ project_id: [PROPERTY_BEFORE_PHOTOS] });
  });

  it('takes the order the app sends: fields, then photos', async () => {
    const byManager = await createRequest(managerA, [
      ...requestFields,
      formField('property_id', String(propertyA)),
      photo(png()),
    ]);
    expect(byManager.statusCode, byManager.body).toBe(201);
    const byVendor = await createRequest(plumber, [...requestFields, photo(png())]);
    expect(byVendor.statusCode, byVendor.body).toBe(201);
    expect(byVendor.json()).toMatchObject({ property_id: propertyA, photos: [expect.anything()] });
  });
});

describe('the other upload routes refuse before reading', () => {
  let otherManager: TestClient;
  let sphereId: number;
  beforeAll(async () => {
    const other = await makeUser(t.db, { type: 'property_manager', clientId: (await makeClient(t.db)).id });
    otherManager = await signIn(t.app, other.email);
    const sphere = await postMultipart(
      managerA,
      `/api/projects/${propertyA}/photos/`,
      multipart([formField('kind', 'drone'), formField('is_360', 'true'), photo(png(), 'image')]),
    );
    expect(sphere.statusCode, sphere.body).toBe(201);
    sphereId = sphere.json<DocumentationPhotoView>().id;
  });

  it('completion: a vendor who was not awarded the job', async () => {
    const job = await makeRequest(t.db, { createdById: managerAId, projectId: propertyA });
    const bid = await makeBid(t.db, { requestId: job.id, vendorId: plumberId });
    expect((await managerA.post(`/api/requests/${job.id}/award/`, { bid_id: bid.id })).statusCode).toBe(200);
    const response = await storesNothing(t.dataDir, () =>
      postMultipart(
        newVendor,
        `/api/requests/${job.id}/complete/`,
        multipart([formField('note', 'Not mine'), photo(oversized(MAX_REQUEST_PHOTO_BYTES))]),
      ),
    );
    expect(response.statusCode).toBe(403);
  });

  it("documentation: another client's manager adding a layout, a photo or a close-up", async () => {
    const image = photo(oversized(MAX_DOCUMENTATION_PHOTO_BYTES), 'image');
    const calls = [
      [`/api/projects/${propertyA}/layouts/`, [formField('name', 'Plan'), image]],
      [`/api/projects/${propertyA}/photos/`, [formField('kind', 'drone'), image]],
      [`/api/photos/${sphereId}/hotspots/`, [formField('pitch', '0'), formField('yaw', '0'), image]],
    ] as const;
    for (const [url, parts] of calls) {
      const response = await storesNothing(t.dataDir, () =>
        postMultipart(otherManager, url, multipart([...parts])),
      );
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('thumbnail: a manager (not staff)', async () => {
    const response = await storesNothing(t.dataDir, () =>
      postMultipart(
        managerA,
        `/api/admin/projects/${propertyA}/thumbnail/`,
        multipart([photo(oversized(MAX_THUMBNAIL_BYTES), 'thumbnail')]),
      ),
    );
    expect(response.statusCode).toBe(403);
  });

  it('insurance certificate: a manager (not a vendor)', async () => {
    const response = await storesNothing(t.dataDir, () =>
      postMultipart(
        managerA,
        '/api/vendor/insurance/',
        multipart([photo(oversized(MAX_CERTIFICATE_BYTES), 'insurance_certificate')]),
      ),
    );
    expect(response.statusCode).toBe(403);
  });
});
