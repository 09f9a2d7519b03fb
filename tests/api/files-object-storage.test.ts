import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Raster } from '#server/images/png-raster.ts';
import type { LayoutView } from '#shared/documentation.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeClient, makeProject } from '../support/request-factories.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';

// The real app with STORAGE_URL's store (config.storage) against s3rver: upload, serve, delete.
let s3: TestS3Server;
let t: TestAppWithFiles;
let manager: TestClient;
let propertyId: number;
const PLAN = new Raster(400, 300, [240, 240, 230]).toPng();

beforeAll(async () => {
  s3 = await startS3Server('fieldbid-api');
  t = await startTestAppWithFiles('object-storage', { storage: s3.storage('app') });
  const client = await makeClient(t.db);
  const user = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  manager = await signIn(t.app, user.email);
  propertyId = (await makeProject(t.db, { clientId: client.id })).id;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadLayout = () =>
  postMultipart(
    manager,
    `/api/projects/${propertyId}/layouts/`,
    multipart([
      { name: 'name', value: 'Ground floor' },
      { name: 'image', value: PLAN, filename: 'plan.png', type: 'image/png' },
    ]),
  );

describe('files in an S3 bucket', () => {
  it('stores an upload in the bucket and serves it with its ETag, 304 and ranges', async () => {
    const created = await uploadLayout();
    expect(created.statusCode).toBe(201);
    const layout = created.json<LayoutView>();
    const key = layout.url.replace(/^\/api\/files\//, '');
    expect(await t.app.files.stat(key)).toMatchObject({ size: PLAN.length, contentType: 'image/png' });
    expect(await storedFiles(t.dataDir)).toEqual([]);

    const served = await manager.get(layout.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Number(served.headers['content-length'])).toBe(PLAN.length);
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.from(served.rawPayload).equals(PLAN)).toBe(true);
    const etag = String(served.headers.etag);
    expect(etag).toBe(`"${createHash('sha256').update(PLAN).digest('base64url')}"`);

    const cached = await manager.get(layout.url, { headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const part = await manager.get(layout.url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${PLAN.length}`);
    expect(Buffer.from(part.rawPayload).equals(PLAN.subarray(100, 200))).toBe(true);

    const tail = await manager.get(layout.url, { headers: { range: 'bytes=-10', 'if-range': etag } });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.from(tail.rawPayload).equals(PLAN.subarray(PLAN.length - 10))).toBe(true);

    const stale = await manager.get(layout.url, { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(PLAN.length);

    const beyond = await manager.get(layout.url, { headers: { range: `bytes=${PLAN.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PLAN.length}`);
  });

  it('deletes the object with its record', async () => {
    const layout = (await uploadLayout()).json<LayoutView>();
    const key = layout.url.replace(/^\/api\/files\//, '');
    expect(await t.app.files.stat(key)).not.toBeNull();
    expect((await manager.request('DELETE', `/api/layouts/${layout.id}/`)).statusCode).toBe(204);
    expect(await t.app.files.stat(key)).toBeNull();
    expect((await manager.get(layout.url)).statusCode).toBe(404);
  });
});
