import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '#server/db/schema/idempotency.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests, requestPhotos, requestStatusHistory } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type MultipartForm, multipart, postMultipart } from '../support/multipart.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { jpeg, png } from '../support/test-images.ts';

/*
 * POST /api/requests/{id}/complete/ with an Idempotency-Key, as the offline outbox sends it: a
 * replay answers the first answer and stores no second file, row, history step or notice.
 */
let t: TestAppWithFiles;
let projectId: number;
let managerId: number;
let manager: TestClient;
let vendorId: number;
let vendor: TestClient;

const PNG = png();
const JPEG = jpeg();

const IMAGE = 'image/jpeg';

/** A completion form: a note and one photo. */
const noteAndPhoto = (note: string, photo: Buffer, filename: string) =>
  multipart([
    { name: 'note', value: note },
    { name: 'photos', value: photo, filename, type: IMAGE },
  ]);

function complete(requestId: number, form: MultipartForm, key: string) {
  return postMultipart(vendor, `/api/requests/${requestId}/complete/`, form, { 'idempotency-key': key });
}

/** A request in progress, awarded to `vendor`. */
async function awardedJob(): Promise<number> {
  const request = await makeRequest(t.db, { createdById: managerId, projectId, type: 'Plumbing' });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId, amount: 450 });
  const award = await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id });
  expect(award.statusCode, award.body).toBe(200);
  return request.id;
}

/** Everything a completion writes, to show that a replay added nothing. */
async function writtenFor(requestId: number) {
  const photos = await t.db
    .select({ key: requestPhotos.storageKey, kind: requestPhotos.kind })
    .from(requestPhotos)
    .where(eq(requestPhotos.requestId, requestId))
    .orderBy(asc(requestPhotos.id));
  const history = await t.db
    .select({ event: requestStatusHistory.event })
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestId, requestId));
  const notices = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.relatedRequestId, requestId), eq(notifications.title, 'Job marked complete')),
    );
  const [row] = await t.db
    .select({ at: maintenanceRequests.vendorCompletedAt, note: maintenanceRequests.completionNote })
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, requestId));
  return {
    photos,
    completedSteps: history.filter((step) => step.event === 'vendor_completed').length,
    notices: notices.length,
    completedAt: row?.at?.toISOString() ?? null,
    note: row?.note ?? null,
    files: (await storedFiles(t.dataDir, /\.(png|jpg)$/)).length,
  };
}

beforeAll(async () => {
  t = await startTestAppWithFiles('completion-key');
  const world = await makeRequestWorld(t.db);
  projectId = world.project.id;
  const managerUser = world.manager;
  const vendorUser = await makeUser(t.db, { type: 'vendor' });
  managerId = managerUser.id;
  vendorId = vendorUser.id;
  manager = await signIn(t.app, managerUser.email);
  vendor = await signIn(t.app, vendorUser.email);
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/requests/{id}/complete/ with an Idempotency-Key', () => {
  it('replays the first answer for the same key and stores no second photo, row or notice', async () => {
    const requestId = await awardedJob();
    const form = multipart([
      { name: 'note', value: 'Replaced the valve' },
      { name: 'photos', value: JPEG, filename: 'after.jpg', type: IMAGE },
      { name: 'photos', value: PNG, filename: 'pipe.jpg', type: IMAGE },
    ]);
    const first = await complete(requestId, form, 'completion-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toMatchObject({
      id: requestId,
      status: 'in_progress',
      completion_note: 'Replaced the valve',
      vendor_completed_at: expect.any(String),
    });
    const afterFirst = await writtenFor(requestId);
    expect(afterFirst.photos.map((photo) => photo.kind)).toEqual(['completion', 'completion']);
    expect(afterFirst).toMatchObject({ completedSteps: 1, notices: 1, note: 'Replaced the valve' });

    // The outbox lost the answer (connection cut after the commit) and sends the same write again.
    const replay = await complete(requestId, form, 'completion-key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await writtenFor(requestId)).toEqual(afterFirst);

    // Without the key the same call is a new attempt, which the lifecycle refuses.
    const unkeyed = await postMultipart(vendor, `/api/requests/${requestId}/complete/`, form);
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await writtenFor(requestId)).toEqual(afterFirst);
  });

  it('is 422 IDEMPOTENCY_KEY_REUSED for the same key with another note or other photos, writing nothing', async () => {
    const requestId = await awardedJob();
    const first = await complete(requestId, noteAndPhoto('Fixed', JPEG, 'a.jpg'), 'completion-key-2');
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await writtenFor(requestId);

    const otherNote = await complete(
      requestId,
      noteAndPhoto('Fixed twice', JPEG, 'a.jpg'),
      'completion-key-2',
    );
    expect(otherNote.statusCode).toBe(422);
    expect(otherNote.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // Same note and file name, different bytes: the photo's SHA-256 is part of the key's body.
    const otherPhoto = await complete(requestId, noteAndPhoto('Fixed', PNG, 'a.jpg'), 'completion-key-2');
    expect(otherPhoto.statusCode).toBe(422);
    expect(otherPhoto.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await writtenFor(requestId)).toEqual(afterFirst);
  });

  it('replays a refusal with the same reason and stores no files for it', async () => {
    const requestId = await awardedJob();
    const done = await vendor.post(`/api/requests/${requestId}/complete/`, { note: 'Done already' });
    expect(done.statusCode).toBe(200);
    const before = await writtenFor(requestId);
    const form = noteAndPhoto('Done from the field', JPEG, 'late.jpg');
    const refused = await complete(requestId, form, 'completion-key-3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'INVALID_TRANSITION',
      detail: 'This job is already marked complete and waits for the manager to confirm it.',
    });
    const replay = await complete(requestId, form, 'completion-key-3');
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(refused.json());
    expect(await writtenFor(requestId)).toEqual(before);
  });

  it('takes a key on the JSON form (no photos) and keeps one key row', async () => {
    const requestId = await awardedJob();
    const send = () =>
      vendor.post(
        `/api/requests/${requestId}/complete/`,
        { note: 'Note only' },
        { headers: { 'idempotency-key': 'completion-key-4' } },
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, vendorId), eq(idempotencyKeys.key, 'completion-key-4')));
    expect(keys).toHaveLength(1);
    expect((await writtenFor(requestId)).completedSteps).toBe(1);
  });

  it('refuses a stranger with 403 before reading the upload, and records no key', async () => {
    const requestId = await awardedJob();
    const stranger = await makeUser(t.db, { type: 'vendor' });
    const client = await signIn(t.app, stranger.email);
    const form = noteAndPhoto('Not mine', JPEG, 'x.jpg');
    const refused = await postMultipart(client, `/api/requests/${requestId}/complete/`, form, {
      'idempotency-key': 'completion-key-5',
    });
    expect(refused.statusCode).toBe(403);
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, stranger.id));
    expect(keys).toEqual([]);
  });
});
