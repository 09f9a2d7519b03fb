import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePhotos } from '#server/db/schema/message-photos.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { MESSAGE_PHOTO_MESSAGES, THREAD_BEFORE_PHOTOS } from '#shared/message-schemas.ts';
import {
  startTestAppWithFiles,
  storedFiles,
  storesNothing,
  type TestAppWithFiles,
} from '../support/file-store-dir.ts';
import { type FormPart, formField, multipart, postMultipart } from '../support/multipart.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { jpeg, png } from '../support/test-images.ts';

// Photos in messages: POST /api/messages/ as multipart, the thread's answers, and GET /api/files/
// for the thread's two sides only.

let t: TestAppWithFiles;
let manager: { id: number; client: TestClient };
let outsiderManager: TestClient;
let plumber: { id: number; client: TestClient };
let otherPlumber: { id: number; client: TestClient };
let staff: TestClient;
let projectId: number;

const photo = (body: Buffer, filename = 'site.jpg', type = 'image/jpeg'): FormPart => ({
  name: 'photos',
  value: body,
  filename,
  type,
});

async function vendor(firstName: string) {
  const signedIn = await signInNewUser(t, { type: 'vendor', firstName, lastName: 'Vendor' });
  await makeVendorProfile(t.db, {
    userId: signedIn.id,
    serviceCategories: ['Plumbing'],
    companyName: `${firstName} Co`,
  });
  return signedIn;
}

const plumbingRequest = () =>
  makeRequest(t.db, { createdById: manager.id, projectId, type: 'Plumbing', description: 'Leaking sink' });

const send = (client: TestClient, parts: FormPart[], headers: Record<string, string> = {}) =>
  postMultipart(client, '/api/messages/', multipart(parts), headers);

type SentMessage = { id: number; content: string; photos: Array<{ id: number; url: string }> };

beforeAll(async () => {
  t = await startTestAppWithFiles('message-photos');
  const company = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: company.id, name: 'Cherry Creek Lofts' })).id;
  manager = await signInNewUser(t, {
    type: 'property_manager',
    clientId: company.id,
    firstName: 'Morgan',
    lastName: 'Reyes',
  });
  outsiderManager = (
    await signInNewUser(t, { type: 'property_manager', clientId: (await makeClient(t.db)).id })
  ).client;
  plumber = await vendor('Jordan');
  otherPlumber = await vendor('Pat');
  staff = (await signInNewUser(t, { type: null, isStaff: true })).client;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/messages/ with photos', () => {
  it('a vendor sends a message with two photos; the answer, the thread and the rows carry them in order', async () => {
    const request = await plumbingRequest();
    const response = await send(plumber.client, [
      formField('request', String(request.id)),
      formField('content', 'The trap is cracked'),
      photo(jpeg(40, 30), 'first.jpg'),
      photo(png(6, 4), 'second.png', 'image/png'),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<SentMessage>();
    expect(body).toMatchObject({ request: request.id, vendor: plumber.id, content: 'The trap is cracked' });
    expect(body.photos).toHaveLength(2);
    expect(body.photos[0]!.url).toMatch(
      new RegExp(`^/api/files/messages/${request.id}/${plumber.id}/[0-9a-f]{32}\\.jpg$`),
    );
    expect(body.photos[1]!.url).toMatch(/\.png$/);

    const rows = await t.db.select().from(messagePhotos).where(eq(messagePhotos.messageId, body.id));
    expect(rows.map((row) => [row.id, row.position, row.contentType, row.width, row.height])).toEqual([
      [body.photos[0]!.id, 0, 'image/jpeg', 40, 30],
      [body.photos[1]!.id, 1, 'image/png', 6, 4],
    ]);

    // Both sides' thread shows the message as it was answered, photos included.
    const managerThread = await manager.client.get(
      `/api/messages/?request=${request.id}&vendor=${plumber.id}`,
    );
    expect(managerThread.json()).toEqual([body]);
    const vendorThread = await plumber.client.get(`/api/messages/?request=${request.id}`);
    expect(vendorThread.json()).toEqual([body]);

    // The manager reads the photo as stored.
    const file = await manager.client.get(body.photos[1]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png(6, 4))).toBe(true);
  });

  it('a message without photos answers and reads back an empty list', async () => {
    const request = await plumbingRequest();
    const sent = await plumber.client.post('/api/messages/', { request: request.id, content: 'No pictures' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ photos: [] });
    const thread = await plumber.client.get(`/api/messages/?request=${request.id}`);
    expect(thread.json()).toEqual([sent.json()]);
  });

  it('a manager sends photos into a vendor thread; the notices say how many photos came', async () => {
    const request = await plumbingRequest();
    const response = await send(manager.client, [
      formField('request', String(request.id)),
      formField('vendor', String(plumber.id)),
      formField('content', 'This is the cabinet'),
      photo(jpeg(20, 20)),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      sender_role: 'property_manager',
      photos: [{ url: expect.any(String) }],
    });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, plumber.id));
    expect(notice).toMatchObject({ kind: 'new_message', message: 'Sent 1 photo: This is the cabinet' });
    const plumberFile = await plumber.client.get(response.json<SentMessage>().photos[0]!.url);
    expect(plumberFile.statusCode).toBe(200);
  });

  it('refuses a file that is not an image by its content, whatever its name, and stores nothing', async () => {
    const request = await plumbingRequest();
    const response = await storesNothing(t.dataDir, () =>
      send(plumber.client, [
        formField('request', String(request.id)),
        formField('content', 'See attached'),
        photo(Buffer.from('MZ this is a program, not a photo'), 'photo.jpg'),
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { photos: [MESSAGE_PHOTO_MESSAGES.type] } });
    expect(MESSAGE_PHOTO_MESSAGES.type).toBe('Upload images only (PNG, JPEG, GIF or WebP).');
    expect(await t.db.select().from(messages).where(eq(messages.requestId, request.id))).toEqual([]);
  });

  it('refuses a sixth photo with its own message', async () => {
    const request = await plumbingRequest();
    const response = await storesNothing(t.dataDir, () =>
      send(plumber.client, [
        formField('request', String(request.id)),
        formField('content', 'Lots of angles'),
        ...Array.from({ length: 6 }, () => photo(png(3, 3), 'p.png', 'image/png')),
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { photos: ['Attach at most 5 photos.'] } });
  });

  it('refuses a photo over the pixel limit', async () => {
    const request = await plumbingRequest();
    const response = await send(plumber.client, [
      formField('request', String(request.id)),
      formField('content', 'Huge'),
      photo(jpeg(12_001, 10), 'wide.jpg'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { photos: string[] } }>().errors.photos[0]).toMatch(
      /at most 40 megapixels/,
    );
  });

  it('checks the thread before reading a photo: a stranger is refused and nothing is stored', async () => {
    const request = await plumbingRequest();
    const asOutsider = await storesNothing(t.dataDir, () =>
      send(outsiderManager, [
        formField('request', String(request.id)),
        formField('vendor', String(plumber.id)),
        formField('content', 'Hello'),
        photo(jpeg(10, 10)),
      ]),
    );
    expect(asOutsider.statusCode).toBe(403);
    const asStaff = await storesNothing(t.dataDir, () =>
      send(staff, [
        formField('request', String(request.id)),
        formField('vendor', String(plumber.id)),
        formField('content', 'Hello'),
        photo(jpeg(10, 10)),
      ]),
    );
    expect(asStaff.statusCode).toBe(403);
    // The thread after its photos is refused rather than checked late.
    const late = await send(plumber.client, [
      formField('content', 'Hello'),
      photo(jpeg(10, 10)),
      formField('request', String(request.id)),
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ errors: { request: expect.any(Array) } });
    const missing = await send(plumber.client, [formField('content', 'Hello'), photo(jpeg(10, 10))]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { request: ['This field is required.'] } });
    expect(THREAD_BEFORE_PHOTOS).toMatch(/before the photos/);
  });

  it('a blank text is refused even with photos (the spec: blank is not sent)', async () => {
    const request = await plumbingRequest();
    const response = await storesNothing(t.dataDir, () =>
      send(plumber.client, [
        formField('request', String(request.id)),
        formField('content', '   '),
        photo(jpeg(10, 10)),
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { content: ['This field may not be blank.'] } });
  });

  it('a replay with the same Idempotency-Key writes the message and its photos once', async () => {
    const request = await plumbingRequest();
    const parts = [
      formField('request', String(request.id)),
      formField('content', 'Sent from the basement'),
      photo(jpeg(30, 20)),
    ];
    const key = { 'idempotency-key': `photo-message-${request.id}` };
    const first = await send(plumber.client, parts, key);
    expect(first.statusCode).toBe(201);
    const before = await storedFiles(t.dataDir, /^messages\//);
    const again = await send(plumber.client, parts, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await storedFiles(t.dataDir, /^messages\//)).toEqual(before);
    const rows = await t.db.select().from(messages).where(eq(messages.requestId, request.id));
    expect(rows).toHaveLength(1);
    expect(
      await t.db.select().from(messagePhotos).where(eq(messagePhotos.requestId, request.id)),
    ).toHaveLength(1);
    // Another body under the same key is refused.
    const other = await send(
      plumber.client,
      [
        formField('request', String(request.id)),
        formField('content', 'Sent from the basement'),
        photo(jpeg(31, 20)),
      ],
      key,
    );
    expect(other.statusCode).toBe(422);
  });
});

describe('GET /api/files/ for a message photo', () => {
  it('only the thread: its vendor and the request managers; not another vendor, another client or staff', async () => {
    const request = await plumbingRequest();
    const sent = await send(plumber.client, [
      formField('request', String(request.id)),
      formField('content', 'Private'),
      photo(jpeg(12, 12)),
    ]);
    expect(sent.statusCode).toBe(201);
    const url = sent.json<SentMessage>().photos[0]!.url;
    expect((await plumber.client.get(url)).statusCode).toBe(200);
    expect((await manager.client.get(url)).statusCode).toBe(200);
    // Another plumber sees the request but not this vendor's thread.
    expect((await otherPlumber.client.get(url)).statusCode).toBe(404);
    expect((await outsiderManager.get(url)).statusCode).toBe(404);
    expect((await staff.get(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
