import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layouts } from '#server/db/schema/documentation.ts';
import { maintenanceRequests, requestPhotos } from '#server/db/schema/requests.ts';
import type { LayoutView } from '#shared/documentation.ts';
import type { CreatedRequest } from '#shared/request-schemas.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { formField, multipart, pngFile, postMultipart } from '../support/multipart.ts';
import { makeRequestWorld } from '../support/request-factories.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';

// The app on an s3rver bucket that stops answering and comes back (same folder, same port): health
// names the store, uploads answer 503 and leave no row, reads recover, and nothing is restarted.
let s3: TestS3Server;
let t: TestAppWithFiles;
let manager: TestClient;
let propertyId: number;

const UNAVAILABLE = {
  detail: 'File storage is unavailable. Try again shortly.',
  code: 'STORAGE_UNAVAILABLE',
};

beforeAll(async () => {
  s3 = await startS3Server('fieldbid-outage');
  const storage = {
    ...s3.storage('app'),
    limits: { connectTimeoutMs: 1_000, socketTimeoutMs: 5_000, maxAttempts: 1 },
  };
  t = await startTestAppWithFiles('storage-outage', { storage });
  const world = await makeRequestWorld(t.db);
  manager = await signIn(t.app, world.manager.email);
  propertyId = world.project.id;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadLayout = (name: string) =>
  postMultipart(
    manager,
    `/api/projects/${propertyId}/layouts/`,
    multipart([formField('name', name), pngFile('image', png(40, 30), 'plan.png')]),
  );

const createRequest = (description: string) =>
  postMultipart(
    manager,
    '/api/requests/',
    multipart([
      formField('type', 'Plumbing'),
      formField('description', description),
      formField('property_id', String(propertyId)),
      pngFile('photos', png(20, 10), 'leak.png'),
    ]),
  );

const layoutsNamed = (name: string) => t.db.select().from(layouts).where(eq(layouts.name, name));
const requestsDescribed = (description: string) =>
  t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.description, description));

describe('the object store goes away and comes back', () => {
  it('health names the store as down while the database is fine, and recovers', async () => {
    expect((await manager.get('/api/health/')).statusCode).toBe(200);
    await s3.stop();
    try {
      const down = await manager.get('/api/health/');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'down' });
    } finally {
      await s3.start();
    }
    const up = await manager.get('/api/health/');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok' });
  });

  it('refuses uploads with 503 and stores no row; the same uploads succeed once it is back', async () => {
    const before = await t.db.select().from(requestPhotos);
    await s3.stop();
    try {
      const layout = await uploadLayout('Outage floor');
      expect(layout.statusCode).toBe(503);
      expect(layout.json()).toEqual(UNAVAILABLE);
      expect(layout.headers['retry-after']).toBe('2');
      expect(await layoutsNamed('Outage floor')).toEqual([]);

      const request = await createRequest('Leak during outage');
      expect(request.statusCode).toBe(503);
      expect(request.json()).toEqual(UNAVAILABLE);
      expect(await requestsDescribed('Leak during outage')).toEqual([]);
      expect(await t.db.select().from(requestPhotos)).toEqual(before);
    } finally {
      await s3.start();
    }

    const layout = await uploadLayout('Outage floor');
    expect(layout.statusCode).toBe(201);
    expect(await layoutsNamed('Outage floor')).toHaveLength(1);
    const served = await manager.get(layout.json<LayoutView>().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const request = await createRequest('Leak during outage');
    expect(request.statusCode).toBe(201);
    const [photo] = request.json<CreatedRequest>().photos;
    expect((await manager.get(photo!.url)).statusCode).toBe(200);
  });

  it('answers reads with 503 while it is away and serves the file again after', async () => {
    const { url } = (await uploadLayout('Read floor')).json<LayoutView>();
    await s3.stop();
    try {
      const away = await manager.get(url);
      expect(away.statusCode).toBe(503);
      expect(away.json()).toEqual(UNAVAILABLE);
    } finally {
      await s3.start();
    }
    expect((await manager.get(url)).statusCode).toBe(200);
  });
});
