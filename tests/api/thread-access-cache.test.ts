import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationDeliveries,
  notificationPreferences,
} from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { requestInvitations } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser } from '../support/factories.ts';
import { makeClient, makeProject, makeRequest, makeVendorProfile } from '../support/request-factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// A thread's access is kept in the process between messages (messages/thread-access-cache.ts). Each
// case sends a message first, so the thread is kept, then changes something the access was read
// from behind the API's back (as a script or another process would) and checks the next message
// sees the change.
let t: TestApp;
let clientId: number;
let projectId: number;
let creator: { id: number; client: TestClient };
let vendor: { id: number; client: TestClient };

beforeAll(async () => {
  t = await startTestApp();
  clientId = (await makeClient(t.db)).id;
  projectId = (await makeProject(t.db, { clientId })).id;
  creator = await signInNewUser(t, { type: 'property_manager', clientId });
  vendor = await signInNewUser(t, { type: 'vendor' });
  await makeVendorProfile(t.db, { userId: vendor.id, serviceCategories: ['Electrical'] });
});

afterAll(async () => {
  await t?.close();
});

/** A request only the vendor's invitation lets it see. */
const invitedRequest = () =>
  makeRequest(t.db, { createdById: creator.id, projectId, type: 'Plumbing', invited: [vendor.id] });

const send = (client: TestClient, body: Record<string, unknown>) => client.post('/api/messages/', body);

/** The new_message notices `userId` has about `requestId`, newest last, with their channels. */
async function notices(userId: number, requestId: number) {
  const rows = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedRequestId, requestId)))
    .orderBy(notifications.id);
  return Promise.all(
    rows.map(async ({ id }) =>
      (
        await t.db
          .select({ channel: notificationDeliveries.channel })
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.notificationId, id))
      ).map((row) => row.channel),
    ),
  );
}

describe('a kept thread access', () => {
  it('reaches a manager who joined the client after the thread was kept', async () => {
    const request = await invitedRequest();
    expect((await send(vendor.client, { request: request.id, content: 'First' })).statusCode).toBe(201);
    const newcomer = await makeUser(t.db, { type: 'property_manager', clientId });
    expect((await send(vendor.client, { request: request.id, content: 'Second' })).statusCode).toBe(201);
    expect(await notices(newcomer.id, request.id)).toHaveLength(1);
    expect(await notices(creator.id, request.id)).toHaveLength(2);
  });

  it('leaves out a manager who left the client, and refuses that manager', async () => {
    const request = await invitedRequest();
    const leaving = await signInNewUser(t, { type: 'property_manager', clientId });
    expect(
      (await send(leaving.client, { request: request.id, vendor: vendor.id, content: 'Hi' })).statusCode,
    ).toBe(201);
    expect((await send(vendor.client, { request: request.id, content: 'Hello' })).statusCode).toBe(201);
    const elsewhere = (await makeClient(t.db)).id;
    await t.db.update(users).set({ clientId: elsewhere }).where(eq(users.id, leaving.id));
    expect((await send(vendor.client, { request: request.id, content: 'Anyone?' })).statusCode).toBe(201);
    expect(await notices(leaving.id, request.id)).toHaveLength(1);
    expect(
      (await send(leaving.client, { request: request.id, vendor: vendor.id, content: 'Me' })).statusCode,
    ).toBe(403);
  });

  it('refuses a vendor whose invitation was withdrawn', async () => {
    const request = await invitedRequest();
    expect((await send(vendor.client, { request: request.id, content: 'Quote soon' })).statusCode).toBe(201);
    await t.db.delete(requestInvitations).where(eq(requestInvitations.requestId, request.id));
    expect((await send(vendor.client, { request: request.id, content: 'Still there?' })).statusCode).toBe(
      403,
    );
  });

  it('lets a vendor in once it takes up the trade, and a manager write to it', async () => {
    const request = await makeRequest(t.db, { createdById: creator.id, projectId, type: 'HVAC' });
    expect((await send(vendor.client, { request: request.id, content: 'Can I help?' })).statusCode).toBe(403);
    const thread = { request: request.id, vendor: vendor.id, content: 'Are you free?' };
    expect((await send(creator.client, thread)).statusCode).toBe(400);
    await t.db
      .update(vendorProfiles)
      .set({ serviceCategories: ['Electrical', 'HVAC'] })
      .where(eq(vendorProfiles.userId, vendor.id));
    expect((await send(vendor.client, { request: request.id, content: 'Can I help?' })).statusCode).toBe(201);
    expect((await send(creator.client, thread)).statusCode).toBe(201);
  });

  it('follows a recipient’s changed choice of channels', async () => {
    const request = await invitedRequest();
    expect((await send(vendor.client, { request: request.id, content: 'Parts ordered' })).statusCode).toBe(
      201,
    );
    expect((await notices(creator.id, request.id))[0]).toContain('email');
    await t.db
      .insert(notificationPreferences)
      .values({ userId: creator.id, category: 'messages', channel: 'email', enabled: false });
    expect((await send(vendor.client, { request: request.id, content: 'Parts arrived' })).statusCode).toBe(
      201,
    );
    expect((await notices(creator.id, request.id))[1]).not.toContain('email');
  });
});
