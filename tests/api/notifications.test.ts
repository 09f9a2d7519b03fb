import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/notifications.ts';
import { notify } from '#server/notifications/notify.ts';
import { NOTIFICATION_LIST_LIMIT } from '#shared/notification-schemas.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeRequest } from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;

async function signedInUser() {
  const user = await makeUser(t.db, { type: 'vendor' });
  const client = new TestClient(t.app);
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return { id: user.id, client };
}

/** Notifications for `userId`, the first oldest; `read` marks which are read. */
async function seed(userId: number, read: boolean[], relatedRequestId: number | null = null) {
  const rows = [];
  for (const [index, isRead] of read.entries()) {
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId,
        title: `Title ${index}`,
        message: `Message ${index}`,
        isRead,
        relatedRequestId,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/notifications/', () => {
  it("answers only the caller's notifications, newest first, with the spec fields", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const manager = await makeUser(t.db, { type: 'property_manager' });
    const request = await makeRequest(t.db, { createdById: manager.id });
    await seed(me.id, [true, false], request.id);
    await seed(other.id, [false]);
    const response = await me.client.get('/api/notifications/');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: 'Title 1',
      message: 'Message 1',
      created_at: '2026-01-01T00:01:00.000Z',
      is_read: false,
      related_request: request.id,
    });
    expect(list[1]).toMatchObject({ title: 'Title 0', is_read: true });
  });

  it('filters by is_read and refuses other values', async () => {
    const me = await signedInUser();
    await seed(me.id, [true, false, false]);
    const unread = (await me.client.get('/api/notifications/?is_read=false')).json();
    expect(unread.map((n: { title: string }) => n.title)).toEqual(['Title 2', 'Title 1']);
    const read = (await me.client.get('/api/notifications/?is_read=true')).json();
    expect(read.map((n: { title: string }) => n.title)).toEqual(['Title 0']);
    const bad = await me.client.get('/api/notifications/?is_read=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['is_read']);
  });

  it(`answers at most ${NOTIFICATION_LIST_LIMIT}`, async () => {
    const me = await signedInUser();
    await t.db.insert(notifications).values(
      Array.from({ length: NOTIFICATION_LIST_LIMIT + 5 }, (_, index) => ({
        userId: me.id,
        title: `N${index}`,
      })),
    );
    expect((await me.client.get('/api/notifications/')).json()).toHaveLength(NOTIFICATION_LIST_LIMIT);
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/notifications/')).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/{id}/mark-read/', () => {
  it("marks the caller's own notification read and answers it", async () => {
    const me = await signedInUser();
    const [row] = await seed(me.id, [false]);
    const response = await me.client.post(`/api/notifications/${row!.id}/mark-read/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row!.id, is_read: true });
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.id, row!.id));
    expect(stored).toMatchObject({ isRead: true });
    expect(stored!.readAt).not.toBeNull();
    // Twice is fine.
    expect((await me.client.post(`/api/notifications/${row!.id}/mark-read/`)).statusCode).toBe(200);
  });

  it("answers 404 for someone else's or an unknown notification, and leaves it unread", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const [theirs] = await seed(other.id, [false]);
    for (const id of [String(theirs!.id), '999999', 'abc']) {
      const response = await me.client.post(`/api/notifications/${id}/mark-read/`);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Notification not found.');
    }
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(stored!.isRead).toBe(false);
  });

  it('needs the CSRF header and a signed-in user', async () => {
    const me = await signedInUser();
    const [row] = await seed(me.id, [false]);
    const noCsrf = await me.client.post(`/api/notifications/${row!.id}/mark-read/`, undefined, {
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).post(`/api/notifications/${row!.id}/mark-read/`);
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

describe('POST /api/notifications/mark-all-read/', () => {
  it('marks every unread notification of the caller only, and the unread count drops to 0', async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    await seed(me.id, [false, false, true]);
    await seed(other.id, [false]);
    const response = await me.client.post('/api/notifications/mark-all-read/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ marked: 2 });
    expect((await me.client.get('/api/notifications/?is_read=false')).json()).toEqual([]);
    expect((await other.client.get('/api/notifications/?is_read=false')).json()).toHaveLength(1);
  });
});

describe('notify()', () => {
  it('stores nothing when its transaction rolls back', async () => {
    const me = await signedInUser();
    await t.db
      .transaction(async (tx) => {
        await notify(tx, [{ userId: me.id, kind: 'new_job', title: 'Rolled back', message: '' }]);
        throw new Error('abort');
      })
      .catch(() => {});
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, me.id))).toEqual([]);
  });
});
