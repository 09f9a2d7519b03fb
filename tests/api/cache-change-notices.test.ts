import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANNEL } from '#server/cache/cache-changes.ts';
import type { Listener } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { clients } from '#server/db/schema/clients.ts';
import { messages } from '#server/db/schema/messages.ts';
import {
  notificationPreferences,
  notificationQuietHours,
} from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import {
  maintenanceRequests as mr,
  requestInvitations,
  requestPhotos,
  requestStatusHistory,
} from '#server/db/schema/requests.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { makeUser } from '../support/factories.ts';
import {
  makeBid,
  makeProject,
  makeRequest,
  makeRequestWorld,
  makeVendor,
} from '../support/request-factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// What each write tells the caches (migration 0014, grammar in src/server/cache/cache-changes.ts):
// whichever code or script writes, the database itself announces it on the cache channel, one
// message per statement.
let t: TestApp;
let listener: Listener;
const heard: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  listener = await t.database.listen(CACHE_CHANNEL, (payload) => heard.push(payload));
});
afterAll(async () => {
  await listener.stop();
  await t.close();
});

/** The payloads one write sends, in the order sent. */
async function announced(write: () => Promise<unknown>): Promise<string[]> {
  await listener.sync();
  heard.length = 0;
  await write();
  await listener.sync();
  return heard.splice(0);
}

describe('cache change notices', () => {
  it('name the request lists and the request for a request or invitation written', async () => {
    const world = await makeRequestWorld(t.db);
    const vendor = await makeVendor(t.db);
    const base = { createdById: world.manager.id, projectId: world.project.id };
    let id = 0;
    expect(
      await announced(async () => {
        id = (await makeRequest(t.db, base)).id;
      }),
    ).toEqual([`l r:${id}`]);
    expect(await announced(() => t.db.update(mr).set({ status: 'cancelled' }).where(eq(mr.id, id)))).toEqual([
      `l r:${id}`,
    ]);
    expect(
      await announced(() => t.db.insert(requestInvitations).values({ requestId: id, vendorId: vendor.id })),
    ).toEqual([`l r:${id}`]);
    // A statement that touched nothing says nothing.
    expect(await announced(() => t.db.update(mr).set({ status: 'open' }).where(eq(mr.id, -1)))).toEqual([]);
  });

  it('name the request for its bids (and the vendor), photos and history', async () => {
    const world = await makeRequestWorld(t.db);
    const vendor = await makeVendor(t.db);
    const { id } = await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id });
    const bidNotice = `r:${id} v:${vendor.id}`;
    expect(await announced(() => makeBid(t.db, { requestId: id, vendorId: vendor.id }))).toEqual([bidNotice]);
    expect(await announced(() => t.db.update(bids).set({ amount: 1 }).where(eq(bids.requestId, id)))).toEqual(
      [bidNotice],
    );
    expect(
      await announced(() =>
        t.db
          .insert(requestPhotos)
          .values({ requestId: id, storageKey: 'k', contentType: 'image/jpeg', sizeBytes: 1 }),
      ),
    ).toEqual([`r:${id}`]);
    expect(
      await announced(() =>
        t.db
          .insert(requestStatusHistory)
          .values({ requestId: id, event: 'cancelled', toStatus: 'cancelled' }),
      ),
    ).toEqual([`r:${id}`]);
  });

  it('name both sides of a thread for its messages, and the user for notifications', async () => {
    const world = await makeRequestWorld(t.db);
    const vendor = await makeVendor(t.db);
    const { id } = await makeRequest(t.db, { createdById: world.manager.id, projectId: world.project.id });
    expect(
      await announced(() =>
        t.db.insert(messages).values({
          requestId: id,
          vendorId: vendor.id,
          senderId: vendor.id,
          senderRole: 'vendor',
          content: 'x',
        }),
      ),
    ).toEqual([`m:${vendor.id} mc:${world.client.id} mu:${world.manager.id}`]);
    // Read marks and deletions name the same sides (migration 0019 rewrote the trigger for cost).
    const thread = `m:${vendor.id} mc:${world.client.id} mu:${world.manager.id}`;
    expect(
      await announced(() =>
        t.db.update(messages).set({ readAt: new Date() }).where(eq(messages.requestId, id)),
      ),
    ).toEqual([thread]);
    expect(await announced(() => t.db.delete(messages).where(eq(messages.requestId, id)))).toEqual([thread]);
    expect(await announced(() => t.db.delete(messages).where(eq(messages.requestId, -1)))).toEqual([]);
    expect(
      await announced(() => t.db.insert(notifications).values({ userId: vendor.id, title: 'Hello' })),
    ).toEqual([`n:${vendor.id}`]);
    expect(
      await announced(() =>
        t.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, vendor.id)),
      ),
    ).toEqual([`n:${vendor.id}`]);
  });

  it('name the property for it and its units, the client, and everything when a property changes hands', async () => {
    const world = await makeRequestWorld(t.db);
    const other = await makeRequestWorld(t.db);
    const pid = world.project.id;
    expect(
      await announced(() => t.db.update(projects).set({ name: 'New' }).where(eq(projects.id, pid))),
    ).toEqual([`p:${pid}`]);
    expect(await announced(() => t.db.insert(units).values({ projectId: pid, number: '7' }))).toEqual([
      `p:${pid}`,
    ]);
    expect(
      await announced(() =>
        t.db.update(clients).set({ name: 'Renamed' }).where(eq(clients.id, world.client.id)),
      ),
    ).toEqual([`cl:${world.client.id}`]);
    expect(
      await announced(() =>
        t.db.update(projects).set({ clientId: other.client.id }).where(eq(projects.id, pid)),
      ),
    ).toEqual(['*']);
    const moved = await makeRequest(t.db, { createdById: world.manager.id, projectId: pid });
    const elsewhere = await makeProject(t.db, { clientId: other.client.id });
    expect(
      await announced(() => t.db.update(mr).set({ projectId: elsewhere.id }).where(eq(mr.id, moved.id))),
    ).toEqual(['*']);
  });

  it('name a user for their notification choices, quiet hours and devices (migration 0022)', async () => {
    const user = await makeUser(t.db);
    const facts = [`nf:${user.id}`];
    const choice = { userId: user.id, category: 'messages', channel: 'email', enabled: false } as const;
    expect(await announced(() => t.db.insert(notificationPreferences).values(choice))).toEqual(facts);
    expect(
      await announced(() =>
        t.db
          .update(notificationPreferences)
          .set({ enabled: true })
          .where(eq(notificationPreferences.userId, user.id)),
      ),
    ).toEqual(facts);
    const quiet = { userId: user.id, enabled: true, startTime: '22:00', endTime: '07:00', timeZone: 'UTC' };
    expect(await announced(() => t.db.insert(notificationQuietHours).values(quiet))).toEqual(facts);
    const device = { userId: user.id, endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a' };
    expect(await announced(() => t.db.insert(pushSubscriptions).values(device))).toEqual(facts);
    expect(
      await announced(() => t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))),
    ).toEqual(facts);
  });

  it('name a client when one of its managers joins, leaves or is deactivated, not on a login (migration 0022)', async () => {
    const world = await makeRequestWorld(t.db);
    const other = await makeRequestWorld(t.db);
    const [first, second] = [world.client.id, other.client.id].sort((a, b) => a - b);
    let id = 0;
    expect(
      await announced(async () => {
        id = (await makeUser(t.db, { type: 'property_manager', clientId: world.client.id })).id;
      }),
    ).toEqual([`cm:${world.client.id}`]);
    expect(
      await announced(() => t.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id))),
    ).toEqual([`u:${id}`]);
    expect(
      await announced(() => t.db.update(users).set({ clientId: other.client.id }).where(eq(users.id, id))),
    ).toEqual([`u:${id}`, `cm:${first},${second}`]);
    expect(
      await announced(() => t.db.update(users).set({ isActive: false }).where(eq(users.id, id))),
    ).toEqual([`u:${id}`, `cm:${other.client.id}`]);
    // A vendor belongs to no client: its own tag only.
    const vendor = await makeVendor(t.db);
    expect(
      await announced(() => t.db.update(users).set({ isActive: false }).where(eq(users.id, vendor.id))),
    ).toEqual([`u:${vendor.id}`]);
  });

  it('name at most 100 ids, else every id of the kind; sessions past 100 leave the read caches be', async () => {
    const world = await makeRequestWorld(t.db);
    const many = await announced(() =>
      t.db.execute(sql`insert into maintenance_requests (created_by_id, project_id, type, description)
        select ${world.manager.id}, ${world.project.id}, 'Plumbing', 'bulk ' || n from generate_series(1, 101) as n`),
    );
    expect(many).toEqual(['l r:*']);
    // Messages in more than 100 requests: every client's and creator's threads, the vendor by name.
    const vendor = await makeVendor(t.db);
    expect(
      await announced(() =>
        t.db.execute(sql`insert into messages (request_id, vendor_id, sender_id, sender_role, content)
          select id, ${vendor.id}, ${vendor.id}, 'vendor', 'bulk' from maintenance_requests
          where description like 'bulk %' and project_id = ${world.project.id}`),
      ),
    ).toEqual([`m:${vendor.id} mc:* mu:*`]);
    const user = await makeUser(t.db);
    await t.db.insert(sessions).values(
      Array.from({ length: 101 }, (_, i) => ({
        id: `bulk-${user.id}-${i}`,
        userId: user.id,
        csrfToken: 'x',
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    expect(await announced(() => t.db.delete(sessions).where(eq(sessions.userId, user.id)))).toEqual(['s:*']);
  });
});
