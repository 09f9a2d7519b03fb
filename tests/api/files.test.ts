import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { projects } from '#server/db/schema/projects.ts';
import { requestPhotos } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import {
  makeBid,
  makeClient,
  makeProject,
  makeRequest,
  makeVendorProfile,
} from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { PDF } from '../support/vendor-applicant.ts';

let t: TestAppWithFiles;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('pixels'),
]);

type Who =
  | 'staff'
  | 'creator'
  | 'teammate'
  | 'otherManager'
  | 'invited'
  | 'tradeVendor'
  | 'otherVendor'
  | 'worker'
  | 'certified';
const people = {} as Record<Who, TestClient>;
const ids = {} as Record<Who, number>;

const keys = {
  requestPhoto: '',
  completionPhoto: '',
  certificate: 'insurance-certificates/7/certificate.pdf',
  draftCertificate: 'insurance-certificates/8/draft.pdf',
  layout: 'docs/layouts/first-floor.png',
  docPhoto: 'docs/photos/in-wall-101.png',
  hotspot: 'docs/hotspots/valve.png',
  thumbnail: 'docs/thumbnails/maple.png',
  orphan: 'docs/orphan.png',
};

async function person(who: Who, overrides: Parameters<typeof makeUser>[1], trades?: string[]) {
  const user = await makeUser(t.db, overrides);
  if (trades) await makeVendorProfile(t.db, { userId: user.id, serviceCategories: trades });
  people[who] = await signIn(t.app, user.email);
  ids[who] = user.id;
}

const status = async (who: Who, key: string) => (await people[who].get(`/api/files/${key}`)).statusCode;

async function expectReaders(key: string, allowed: Who[]) {
  for (const who of Object.keys(people) as Who[]) {
    expect({ who, status: await status(who, key) }).toEqual({
      who,
      status: allowed.includes(who) ? 200 : 404,
    });
  }
}

beforeAll(async () => {
  t = await startTestAppWithFiles('files');
  const owner = await makeClient(t.db);
  const other = await makeClient(t.db);
  await person('staff', { type: null, isStaff: true });
  await person('creator', { type: 'property_manager', clientId: owner.id });
  await person('teammate', { type: 'property_manager', clientId: owner.id });
  await person('otherManager', { type: 'property_manager', clientId: other.id });
  await person('invited', { type: 'vendor' }, ['Painting']);
  await person('tradeVendor', { type: 'vendor' }, ['Plumbing']);
  await person('otherVendor', { type: 'vendor' }, ['Electrical']);
  await person('worker', { type: 'vendor' }, []);
  await person('certified', { type: 'vendor' }, []);

  const property = await makeProject(t.db, { clientId: owner.id, name: 'Maple Court' });
  const request = await makeRequest(t.db, {
    createdById: ids.creator,
    projectId: property.id,
    type: 'Plumbing',
    invited: [ids.invited],
  });
  keys.requestPhoto = `requests/${request.id}/photos/leak.png`;
  keys.completionPhoto = `requests/${request.id}/completion/done.png`;
  await t.db.insert(requestPhotos).values([
    { requestId: request.id, storageKey: keys.requestPhoto, contentType: 'image/png', sizeBytes: PNG.length },
    {
      requestId: request.id,
      storageKey: keys.completionPhoto,
      contentType: 'image/png',
      sizeBytes: PNG.length,
      kind: 'completion',
    },
  ]);
  // The worker holds an accepted bid on another request of the same property.
  const job = await makeRequest(t.db, { createdById: ids.creator, projectId: property.id, type: 'Painting' });
  await makeBid(t.db, { requestId: job.id, vendorId: ids.worker, status: 'accepted' });
  // A pending bid elsewhere gives no access to documentation.
  await makeBid(t.db, { requestId: request.id, vendorId: ids.tradeVendor });

  await t.db
    .update(vendorProfiles)
    .set({ insuranceCertificateKey: keys.certificate })
    .where(eq(vendorProfiles.userId, ids.certified));
  await t.db.insert(vendorApplications).values({ insuranceCertificateKey: keys.draftCertificate });

  const [layout] = await t.db
    .insert(layouts)
    .values({
      projectId: property.id,
      name: 'First floor',
      storageKey: keys.layout,
      contentType: 'image/png',
      widthPx: 100,
      heightPx: 80,
    })
    .returning();
  const [docPhoto] = await t.db
    .insert(photos)
    .values({
      projectId: property.id,
      layoutId: layout!.id,
      storageKey: keys.docPhoto,
      contentType: 'image/png',
      sizeBytes: PNG.length,
      x: 0.5,
      y: 0.5,
    })
    .returning();
  await t.db.insert(panoramaHotspots).values({
    photoId: docPhoto!.id,
    pitch: 0,
    yaw: 10,
    storageKey: keys.hotspot,
    contentType: 'image/png',
  });
  await t.db.update(projects).set({ thumbnailKey: keys.thumbnail }).where(eq(projects.id, property.id));

  for (const key of Object.values(keys)) {
    const isPdf = key.endsWith('.pdf');
    await t.app.files.put(key, isPdf ? PDF : PNG, isPdf ? 'application/pdf' : 'image/png');
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/files/<key>', () => {
  it('serves a request photo to whoever may see the request', async () => {
    await expectReaders(keys.requestPhoto, ['staff', 'creator', 'teammate', 'invited', 'tradeVendor']);
  });

  it('serves completion photos like the detail’s completion: not to vendors who merely see the request', async () => {
    // The awarded vendor reads them too (tests/api/request-managing-side.test.ts); none is awarded here.
    await expectReaders(keys.completionPhoto, ['staff', 'creator', 'teammate']);
  });

  it('serves a vendor’s insurance certificate to that vendor and staff, as a PDF', async () => {
    await expectReaders(keys.certificate, ['staff', 'certified']);
    const response = await people.certified.get(`/api/files/${keys.certificate}`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload).toEqual(PDF);
  });

  it('serves a certificate still on an application to staff only', async () => {
    await expectReaders(keys.draftCertificate, ['staff']);
  });

  it.each([
    ['a layout', () => keys.layout],
    ['a documentation photo', () => keys.docPhoto],
    ['a panorama close-up', () => keys.hotspot],
    ['a property thumbnail', () => keys.thumbnail],
  ])('serves %s to staff, the owning client’s managers and vendors working there', async (_label, key) => {
    await expectReaders(key(), ['staff', 'creator', 'teammate', 'worker']);
  });

  it('answers the stored type, private caching, an ETag, nosniff, and 304 for a matching ETag', async () => {
    const response = await people.creator.get(`/api/files/${keys.requestPhoto}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PNG);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const cached = await people.creator.get(`/api/files/${keys.requestPhoto}`, {
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    const stale = await people.creator.get(`/api/files/${keys.requestPhoto}`, {
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    // The owner check comes first: a matching ETag tells an outsider nothing.
    const outsider = await people.otherManager.get(`/api/files/${keys.requestPhoto}`, {
      headers: { 'if-none-match': etag },
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('is 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${keys.requestPhoto}` });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['an unknown key', 'requests/1/photos/missing.png'],
    ['a stored file no row references', keys.orphan],
    ['an encoded path escape', '..%2F..%2Fetc%2Fpasswd'],
    ['a dot segment', 'requests/%2E%2E/secret.png'],
    ['an absolute path', '%2Fetc%2Fpasswd'],
  ])('is 404 for %s, even to staff', async (_label, key) => {
    const response = await people.staff.get(`/api/files/${key}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('is 404 when the row exists but the file is gone from the store', async () => {
    await t.app.files.delete(keys.thumbnail);
    expect(await status('staff', keys.thumbnail)).toBe(404);
    await t.app.files.put(keys.thumbnail, PNG, 'image/png');
  });
});
