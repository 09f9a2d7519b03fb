import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { createLocalFileStore } from '#server/storage/local-file-store.ts';
import { formField, multipart, pngFile, postMultipart } from '../support/multipart.ts';
import { makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { buildTestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { png } from '../support/test-images.ts';

// PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, so there is no second
// writer to hold up. Creating a request must not hold the rows every request write touches (the
// request-list generation and the counters, migration 0008) while its photos go to storage: a slow
// upload would stop every award, cancel and invitation on every process.
let database: Database;
let app: FastifyInstance;
let dataDir: string;
let releaseUpload: () => void = () => {};
let uploadStarted: Promise<void>;
let markUploadStarted: () => void = () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-create-locks-'));
  database = await openTestDatabase();
  const disk = createLocalFileStore(dataDir);
  // A store whose uploads wait until the test lets them go, as a slow bucket would.
  const slow = Object.assign(Object.create(disk), {
    async put(key: string, body: Buffer, contentType: string) {
      markUploadStarted();
      await new Promise<void>((resolve) => {
        releaseUpload = resolve;
      });
      return disk.put(key, body, contentType);
    },
  });
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined, dataDir },
    database,
    files: slow,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('creating a request with photos', () => {
  it('lets other request writes through while its photos upload', async () => {
    const world = await makeRequestWorld(database.db);
    const other = await makeRequest(database.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
    });
    const manager = await signIn(app, world.manager.email);
    uploadStarted = new Promise<void>((resolve) => {
      markUploadStarted = resolve;
    });

    const creating = postMultipart(
      manager,
      '/api/requests/',
      multipart([
        formField('type', 'Plumbing'),
        formField('description', 'Slow upload'),
        formField('property_id', String(world.project.id)),
        pngFile('photos', png(), 'leak.png'),
      ]),
    );
    await uploadStarted;
    // Another writer changes another request (and so the generation and counter rows) meanwhile.
    const otherWrite = database.db.update(mr).set({ status: 'cancelled' }).where(eq(mr.id, other.id));
    const outcome = await Promise.race([
      otherWrite.then(() => 'written' as const),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3_000)),
    ]);
    releaseUpload();
    expect(outcome).toBe('written');
    const created = await creating;
    expect(created.statusCode).toBe(201);
    await otherWrite;
  });
});
