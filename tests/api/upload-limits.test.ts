import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import type { DocumentationPhotoView, LayoutView } from '#shared/documentation.ts';
import { DOCUMENTATION_UPLOAD_MESSAGES } from '#shared/documentation-uploads.ts';
import {
  PANORAMA_PIXEL_LIMIT,
  PHOTO_PIXEL_LIMIT,
  pixelLimitMessage,
  UNREADABLE_IMAGE_MESSAGE,
} from '#shared/image-limits.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storesNothing, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type FormPart, formField, multipart, pngFile, postMultipart } from '../support/multipart.ts';
import { makeBid, makeRequest, makeRequestWorld, makeVendorProfile } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { gif, jpeg, png, pngClaiming } from '../support/test-images.ts';
import { uploadCertificate, visitor } from '../support/vendor-applicant.ts';

/*
 * Every image upload has a pixel limit read from the image's header (docs: Trust, Uploads): one
 * test per upload route with an image over it (refused with 400 naming the limit, nothing stored)
 * and one within it (accepted).
 */
let t: TestAppWithFiles;
let propertyId: number;
let managerId: number;
let manager: TestClient;
let staff: TestClient;
let vendorId: number;
let vendor: TestClient;

const PHOTO_MESSAGE = pixelLimitMessage(PHOTO_PIXEL_LIMIT);
/** One pixel row over 40 megapixels, each side well under 12,000. */
const OVER_PHOTO = () => pngClaiming(8000, 5001);
/** The decompression bomb: about a hundred bytes claiming 2.5 gigapixels. */
const BOMB = () => pngClaiming(50_000, 50_000);

function expectRefused(response: LightMyRequestResponse, name: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ errors: { [name]: [message] } });
}

beforeAll(async () => {
  t = await startTestAppWithFiles('upload-limits');
  const world = await makeRequestWorld(t.db);
  propertyId = world.project.id;
  managerId = world.manager.id;
  manager = await signIn(t.app, world.manager.email);
  staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
  const vendorUser = await makeUser(t.db, { type: 'vendor' });
  await makeVendorProfile(t.db, { userId: vendorUser.id });
  vendorId = vendorUser.id;
  vendor = await signIn(t.app, vendorUser.email);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/requests/ photos', () => {
  const create = (photo: Buffer, filename = 'leak.png') =>
    postMultipart(
      manager,
      '/api/requests/',
      multipart([
        formField('type', 'Plumbing'),
        formField('description', 'Leak by the boiler'),
        formField('property_id', String(propertyId)),
        pngFile('photos', photo, filename),
      ]),
    );

  it('refuses a photo over 40 megapixels, a PNG bomb, a GIF frame over the limit and an unreadable header', async () => {
    expectRefused(await storesNothing(t.dataDir, () => create(OVER_PHOTO())), 'photos', PHOTO_MESSAGE);
    expectRefused(await storesNothing(t.dataDir, () => create(BOMB())), 'photos', PHOTO_MESSAGE);
    const hiddenFrame = gif(1, 1, { width: 9000, height: 9000 });
    expectRefused(
      await storesNothing(t.dataDir, () => create(hiddenFrame, 'a.gif')),
      'photos',
      PHOTO_MESSAGE,
    );
    expectRefused(
      await storesNothing(t.dataDir, () => create(jpeg(12_001, 8), 'a.jpg')),
      'photos',
      PHOTO_MESSAGE,
    );
    const cutOff = png().subarray(0, 12);
    expectRefused(await storesNothing(t.dataDir, () => create(cutOff)), 'photos', UNREADABLE_IMAGE_MESSAGE);
  });

  it('takes a photo within the limit', async () => {
    const response = await create(jpeg(4000, 3000), 'site.jpg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().photos).toHaveLength(1);
  });
});

describe('POST /api/requests/{id}/complete/ photos', () => {
  let requestId: number;
  beforeAll(async () => {
    const job = await makeRequest(t.db, { createdById: managerId, projectId: propertyId });
    const bid = await makeBid(t.db, { requestId: job.id, vendorId });
    const award = await manager.post(`/api/requests/${job.id}/award/`, { bid_id: bid.id });
    expect(award.statusCode, award.body).toBe(200);
    requestId = job.id;
  });
  const complete = (photo: Buffer) =>
    postMultipart(
      vendor,
      `/api/requests/${requestId}/complete/`,
      multipart([formField('note', 'Valve replaced'), pngFile('photos', photo)]),
    );

  it('refuses a photo over 40 megapixels and leaves the job open', async () => {
    expectRefused(await storesNothing(t.dataDir, () => complete(BOMB())), 'photos', PHOTO_MESSAGE);
    const [row] = await t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, requestId));
    expect(row!.vendorCompletedAt).toBeNull();
  });

  it('takes a photo within the limit', async () => {
    const response = await complete(png(40, 20));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('documentation uploads', () => {
  const upload = (path: string, parts: FormPart[]) => postMultipart(manager, path, multipart(parts));
  const layouts = () => `/api/projects/${propertyId}/layouts/`;
  const photos = () => `/api/projects/${propertyId}/photos/`;

  it('refuses a layout bomb by its header and takes a plan within 12,000 px a side', async () => {
    const bomb = await storesNothing(t.dataDir, () =>
      upload(layouts(), [formField('name', 'Bomb'), pngFile('image', BOMB())]),
    );
    expectRefused(bomb, 'image', DOCUMENTATION_UPLOAD_MESSAGES.dimensions);
    const plan = await upload(layouts(), [
      formField('name', 'Ground'),
      pngFile('image', pngClaiming(12_000, 9_000)),
    ]);
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json<LayoutView>()).toMatchObject({ width_px: 12_000, height_px: 9_000 });
  });

  it('holds flat photos to 40 megapixels and 360-degree photos to 72', async () => {
    const flat = (image: Buffer) => upload(photos(), [formField('kind', 'drone'), pngFile('image', image)]);
    const sphere = (image: Buffer) =>
      upload(photos(), [formField('kind', 'drone'), formField('is_360', 'true'), pngFile('image', image)]);
    expectRefused(
      await storesNothing(t.dataDir, () => flat(OVER_PHOTO())),
      'image',
      DOCUMENTATION_UPLOAD_MESSAGES.photoPixels,
    );
    expect(DOCUMENTATION_UPLOAD_MESSAGES.panoramaPixels).toBe(pixelLimitMessage(PANORAMA_PIXEL_LIMIT));
    expectRefused(
      await storesNothing(t.dataDir, () => sphere(pngClaiming(12_000, 6_001))),
      'image',
      DOCUMENTATION_UPLOAD_MESSAGES.panoramaPixels,
    );
    expect((await flat(png(40, 20))).statusCode).toBe(201);
    const large360 = await sphere(pngClaiming(11_904, 5_952));
    expect(large360.statusCode, large360.body).toBe(201);
    expect(large360.json<DocumentationPhotoView>().is_360).toBe(true);
  });

  it('holds close-ups to 40 megapixels', async () => {
    const sphere = await upload(photos(), [
      formField('kind', 'thermal'),
      formField('is_360', 'true'),
      pngFile('image', png()),
    ]);
    const closeUp = (image: Buffer) =>
      upload(`/api/photos/${sphere.json<DocumentationPhotoView>().id}/hotspots/`, [
        formField('pitch', '0'),
        formField('yaw', '10'),
        pngFile('image', image),
      ]);
    expectRefused(
      await storesNothing(t.dataDir, () => closeUp(OVER_PHOTO())),
      'image',
      DOCUMENTATION_UPLOAD_MESSAGES.photoPixels,
    );
    expect((await closeUp(png(40, 20))).statusCode).toBe(201);
  });
});

describe('POST /api/admin/projects/{id}/thumbnail/', () => {
  const thumbnail = (image: Buffer) =>
    postMultipart(
      staff,
      `/api/admin/projects/${propertyId}/thumbnail/`,
      multipart([pngFile('thumbnail', image)]),
    );

  it('refuses an image over 40 megapixels and takes one within it', async () => {
    expectRefused(await storesNothing(t.dataDir, () => thumbnail(BOMB())), 'thumbnail', PHOTO_MESSAGE);
    const response = await thumbnail(png(40, 20));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('certificates', () => {
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

  it('holds an image certificate in settings to 40 megapixels', async () => {
    const send = (image: Buffer) =>
      postMultipart(
        vendor,
        '/api/vendor/insurance/',
        multipart([pngFile('insurance_certificate', image), formField('insurance_expires_on', inAYear)]),
      );
    expectRefused(await storesNothing(t.dataDir, () => send(BOMB())), 'insurance_certificate', PHOTO_MESSAGE);
    expect((await send(png(40, 20))).statusCode).toBe(200);
  });

  it('holds an image certificate in the vendor application to 40 megapixels', async () => {
    const applicant = await visitor(t.app);
    const refused = await storesNothing(t.dataDir, () =>
      uploadCertificate(applicant, OVER_PHOTO(), 'cert.png'),
    );
    expectRefused(refused, 'insurance_certificate', PHOTO_MESSAGE);
    expect((await uploadCertificate(applicant, jpeg(2000, 2800), 'cert.jpg')).statusCode).toBe(200);
  });
});
