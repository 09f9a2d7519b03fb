import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeUserSession, currentSession, startUserSession } from '#app/offline/offline-session.ts';
import { classifyAnswer } from '#app/offline/outbox-outcome.ts';
import { OutboxSender, type OutboxTransport } from '#app/offline/outbox-sender.ts';
import { discardOutboxItem, listOutbox, retryRefused } from '#app/offline/outbox-store.ts';
import { formDataOf } from '#app/offline/outbox-transport.ts';
import { dropOrphanPhotos, ORPHAN_PHOTO_AGE_MS, storePendingPhoto } from '#app/offline/photo-store.ts';
import { submitWithPhotos } from '#app/offline/photo-write.ts';
import type { UserDb } from '#app/offline/user-db.ts';
import { vendorRequestFields } from '#app/vendor/vendor-request-api.ts';
import { installMemoryLocalStorage } from './memory-local-storage.ts';

/*
 * Writes that carry photos (a vendor's request from the field, a completion): the photos are kept
 * in the user's field database with the write, survive the app closing, go out as multipart with
 * the write's one Idempotency-Key, and leave the phone only with the server's answer.
 * Node has no canvas, so the tests pass `resize` (the real one is photo-resize.ts, checked in the
 * browser test); everything else is the app's own code against fake-indexeddb.
 */

const storage = installMemoryLocalStorage();

/** Stands in for the canvas re-encode: a JPEG-typed Blob of the same bytes. */
const resize = async (file: Blob) => ({
  blob: new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
  width: 640,
  height: 480,
});

const photo = (name: string, bytes: string) => new File([bytes], name, { type: 'image/png' });

const requestWrite = () => ({
  kind: 'request.create' as const,
  method: 'POST' as const,
  path: '/api/requests/',
  body: vendorRequestFields({
    type: 'Plumbing',
    description: '  Leak under the sink  ',
    timeframe: '2 Weeks',
    inviteAll: false,
    vendorIds: [7, 9],
    photos: [],
    projectId: 3,
    propertyName: 'Maple Court',
  }),
  requestId: null,
  label: 'Plumbing request for Maple Court',
});

interface Received {
  key: string | undefined;
  fields: Array<[string, string]>;
  files: Array<{ field: string; name: string; type: string; text: string }>;
}

/** A real HTTP server that reads the multipart body the way the API's parser sees it. */
let server: Server;
let origin = '';
let received: Received[] = [];
let answerStatus = 201;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = await new Request(`http://x${req.url}`, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const entry: Received = {
      key: req.headers['idempotency-key'] as string | undefined,
      fields: [],
      files: [],
    };
    for (const [name, value] of parsed.entries()) {
      if (typeof value === 'string') entry.fields.push([name, value]);
      else entry.files.push({ field: name, name: value.name, type: value.type, text: await value.text() });
    }
    received.push(entry);
    res.writeHead(answerStatus, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify(
        answerStatus < 300
          ? { id: 41, photos: entry.files.map((_, i) => ({ id: i + 1 })) }
          : { detail: 'No.' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The app's multipart body (formDataOf) sent to the test server, classified like the app does. */
const multipartTransport: OutboxTransport = async (request) => {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: { 'Idempotency-Key': request.idempotencyKey },
    body: formDataOf(request),
  });
  return classifyAnswer(response.status, await response.json(), null);
};

let nextUser = 9000;
let userId: number;

beforeEach(async () => {
  userId = nextUser++;
  storage.clear();
  storage.set('token', 'token-field');
  received = [];
  answerStatus = 201;
  await startUserSession(userId, 'token-field');
});

afterEach(async () => {
  await closeUserSession();
});

function db(): UserDb {
  const session = currentSession();
  if (!session) throw new Error('no session');
  return session.db;
}

/** Stops the session's own sender (it has no server in node) before the test sends with its own. */
async function quietSession(): Promise<UserDb> {
  const session = currentSession()!;
  session.sender.stop();
  await session.sender.idle();
  return session.db;
}

function sendWith(database: UserDb): OutboxSender {
  return new OutboxSender({ db: database, transport: multipartTransport, isOnline: () => true });
}

describe('writes with photos', () => {
  it('queues the write with its photos when there is no answer, and both survive closing the app', async () => {
    const result = await submitWithPhotos(
      requestWrite(),
      [
        { field: 'photos', file: photo('sink.png', 'first photo') },
        { field: 'photos', file: photo('pipe.heic.png', 'second photo') },
      ],
      { resize },
    );
    // Node's fetch cannot reach the relative /api/ path: exactly the "no network" case.
    expect(result.status).toBe('queued');
    const [item] = await listOutbox(db());
    expect(item).toMatchObject({
      kind: 'request.create',
      path: '/api/requests/',
      label: 'Plumbing request for Maple Court',
      body: {
        type: 'Plumbing',
        description: 'Leak under the sink',
        invite_all: 'false',
        areas_affected: '[]',
        project_id: '3',
        vendors: ['7', '9'],
      },
    });
    expect(item!.photos.map((p) => p.field)).toEqual(['photos', 'photos']);
    const stored = await db().pendingPhotos.where('outboxKey').equals(item!.key).toArray();
    expect(stored.map((p) => [p.name, p.blob.type])).toEqual([
      ['sink.jpg', 'image/jpeg'],
      ['pipe.heic.jpg', 'image/jpeg'],
    ]);

    // The phone closes the app; the next start finds the write and the photo bytes.
    await closeUserSession();
    await startUserSession(userId, 'token-field');
    const database = await quietSession();
    const [again] = await listOutbox(database);
    expect(again!.key).toBe(item!.key);
    const photos = await database.pendingPhotos.bulkGet(again!.photos.map((p) => p.photoId));
    expect(await Promise.all(photos.map((p) => p!.blob.text()))).toEqual(['first photo', 'second photo']);
  });

  it('sends the fields and photos as multipart with one key, even when replayed, and then drops them', async () => {
    await submitWithPhotos(requestWrite(), [{ field: 'photos', file: photo('sink.png', 'bytes-1') }], {
      resize,
    });
    const database = await quietSession();
    const [item] = await listOutbox(database);
    // The answer of the first send is lost (the page closed mid-send): it stays `sending` and goes again.
    await database.outbox.update(item!.seq, { state: 'sending', nextAttemptAt: 0 });
    await sendWith(database).flush({ immediate: true });

    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      key: item!.key,
      fields: [
        ['type', 'Plumbing'],
        ['description', 'Leak under the sink'],
        ['timeframe', '2 Weeks'],
        ['invite_all', 'false'],
        ['areas_affected', '[]'],
        ['project_id', '3'],
        ['vendors', '7'],
        ['vendors', '9'],
      ],
      files: [{ field: 'photos', name: 'sink.jpg', type: 'image/jpeg', text: 'bytes-1' }],
    });
    expect(await database.outbox.count()).toBe(0);
    expect(await database.pendingPhotos.count()).toBe(0);
  });

  it('keeps a refused write and its photos for the user; a retry keeps the photos with the new key', async () => {
    await submitWithPhotos(
      {
        kind: 'request.complete',
        method: 'POST',
        path: '/api/requests/5/complete/',
        body: { note: 'Done' },
        requestId: 5,
        label: 'Completion of request #5',
      },
      [{ field: 'photos', file: photo('done.png', 'after') }],
      { resize },
    );
    const database = await quietSession();
    answerStatus = 409;
    await sendWith(database).flush({ immediate: true });
    const [refused] = await listOutbox(database);
    expect(refused).toMatchObject({ state: 'refused', refusal: { status: 409, message: 'No.' } });
    expect(await database.pendingPhotos.where('outboxKey').equals(refused!.key).count()).toBe(1);

    const retried = await retryRefused(database, refused!.seq);
    expect(retried.key).not.toBe(refused!.key);
    expect(await database.pendingPhotos.where('outboxKey').equals(retried.key).count()).toBe(1);
    answerStatus = 200;
    await sendWith(database).flush({ immediate: true });
    expect(received.at(-1)).toMatchObject({
      key: retried.key,
      fields: [['note', 'Done']],
      files: [{ field: 'photos', name: 'done.jpg', text: 'after' }],
    });
    expect(await database.pendingPhotos.count()).toBe(0);
  });

  it('discarding a waiting write deletes its photos from the phone', async () => {
    await submitWithPhotos(requestWrite(), [{ field: 'photos', file: photo('a.png', 'a') }], { resize });
    const database = await quietSession();
    const [item] = await listOutbox(database);
    await discardOutboxItem(database, item!.seq);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.pendingPhotos.count()).toBe(0);
  });

  it('leaves nothing behind when a photo cannot be read', async () => {
    let calls = 0;
    const failing = async (file: Blob) => {
      calls += 1;
      if (calls === 2) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return resize(file);
    };
    await expect(
      submitWithPhotos(
        requestWrite(),
        [
          { field: 'photos', file: photo('ok.png', 'ok') },
          { field: 'photos', file: photo('broken.png', 'broken') },
        ],
        { resize: failing },
      ),
    ).rejects.toThrow('could not be decoded');
    expect(await db().outbox.count()).toBe(0);
    expect(await db().pendingPhotos.count()).toBe(0);
  });

  it('sweeps photos no write refers to once they are an hour old, never those of a waiting write', async () => {
    await submitWithPhotos(requestWrite(), [{ field: 'photos', file: photo('kept.png', 'kept') }], {
      resize,
    });
    const database = await quietSession();
    // A form stored this one and the app closed before the write was queued.
    const left = await storePendingPhoto(photo('left.png', 'left'), { field: 'photos', resize });
    const later = Date.now() + ORPHAN_PHOTO_AGE_MS + 1000;
    expect(await dropOrphanPhotos(database, Date.now())).toBe(0);
    expect(await dropOrphanPhotos(database, later)).toBe(1);
    expect(await database.pendingPhotos.get(left.photoId)).toBeUndefined();
    expect(await database.pendingPhotos.count()).toBe(1);
  });
});
