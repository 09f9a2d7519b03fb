import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import {
  type DeliveryApp,
  makePerson,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
  textsTo,
} from '../support/delivery-app.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';

/*
 * A vendor of a request's trade who is also invited to it hears of the request once: the invitation
 * (the more specific notice), never a 'new_job' beside it, in the app and on every channel (one mail,
 * one text, one push). Vendors of the trade who are not invited hear 'new_job', once. A vendor
 * invited after the new job reached it keeps one unread notice, the invitation, and what of the new
 * job had not gone out yet does not.
 */

let t: DeliveryApp;
let manager: TestClient;
let world: Awaited<ReturnType<typeof makeRequestWorld>>;
const TRADE = 'Concrete';

beforeAll(async () => {
  t = await startDeliveryApp();
  world = await makeRequestWorld(t.db);
  manager = await signIn(t.app, world.manager.email);
});

afterAll(async () => {
  await t?.close();
});

/** A vendor of TRADE with new jobs on every channel, a confirmed number and a subscribed device. */
async function tradeVendor(): Promise<Person> {
  const vendor = await makePerson(t, 'vendor', { trades: [TRADE] });
  await saveSettings(vendor, {
    email_notifications: true,
    sms_notifications: true,
    categories: { new_jobs: { email: true, sms: true, push: true } },
    quiet_hours: QUIET_OFF,
  });
  return vendor;
}

/** One vendor's notices of a request, and their deliveries by channel. */
async function heardOf(vendor: Person, requestId: number) {
  await t.app.announceNewJobs();
  const notices = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, vendor.id), eq(notifications.relatedRequestId, requestId)));
  const deliveries = await t.db
    .select()
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(and(eq(notificationDeliveries.userId, vendor.id), eq(notifications.relatedRequestId, requestId)));
  const channels = deliveries.map((row) => row.notification_deliveries.channel).sort();
  return { kinds: notices.map((notice) => notice.kind), channels };
}

const ONE_EACH = ['email', 'push', 'sms'];

describe('a new request with an invitation', () => {
  it('is one invitation for an invited vendor of its trade (JSON), and one new job for the others', async () => {
    const invited = await tradeVendor();
    const other = await tradeVendor();
    const created = await manager.post('/api/requests/', {
      type: TRADE,
      description: 'Cracked step by the back door',
      priority: 'medium',
      property_id: world.project.id,
      vendors: [invited.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;

    expect(await heardOf(invited, id)).toEqual({ kinds: ['invited'], channels: ONE_EACH });
    expect(await heardOf(other, id)).toEqual({ kinds: ['new_job'], channels: ONE_EACH });

    // What leaves: one mail, one text and one push for the invited vendor, each the invitation.
    await t.app.flushDeliveries();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, invited.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['You are invited to bid']);
    expect(textsTo(t, invited.phone)).toHaveLength(1);
    expect(
      t.push.receivedBy(invited.device!).map((push) => (push.payload as { title: string }).title),
    ).toEqual(['You are invited to bid']);
  });

  it('is one invitation when the form is multipart and names the vendor twice', async () => {
    const invited = await tradeVendor();
    const form = multipart([
      { name: 'type', value: TRADE },
      { name: 'description', value: 'Sidewalk slab lifted' },
      { name: 'priority', value: 'high' },
      { name: 'property_id', value: String(world.project.id) },
      { name: 'invite_all', value: 'false' },
      { name: 'vendors', value: String(invited.id) },
      { name: 'vendors', value: String(invited.id) },
    ]);
    const created = await postMultipart(manager, '/api/requests/', form);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(await heardOf(invited, id)).toEqual({ kinds: ['invited'], channels: ONE_EACH });
  });

  it('is one invitation when the request is also open to every vendor', async () => {
    const invited = await tradeVendor();
    const created = await manager.post('/api/requests/', {
      type: 'Windows',
      description: 'Cracked pane on the stairs',
      priority: 'low',
      property_id: world.project.id,
      invite_all: true,
      vendors: [invited.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(await heardOf(invited, id)).toEqual({ kinds: ['invited'], channels: ONE_EACH });
  });

  it('adds no new job when a report the vendor was invited to is opened to its trade', async () => {
    const invited = await tradeVendor();
    const other = await tradeVendor();
    const report = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      type: TRADE,
      openedToVendorsAt: null,
    });
    const invitation = await manager.post(`/api/requests/${report.id}/invitations/`, {
      vendors: [invited.id],
    });
    expect(invitation.statusCode, invitation.body).toBe(200);
    const opened = await manager.post(`/api/requests/${report.id}/open/`, { invite_all: false });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await heardOf(invited, report.id)).toEqual({ kinds: ['invited'], channels: ONE_EACH });
    expect(await heardOf(other, report.id)).toEqual({ kinds: ['new_job'], channels: ONE_EACH });
  });

  it('is one unread invitation, and nothing more of the new job, when the invitation follows it', async () => {
    const vendor = await tradeVendor();
    const other = await tradeVendor();
    const created = await manager.post('/api/requests/', {
      type: TRADE,
      description: 'Driveway cracked across',
      priority: 'medium',
      property_id: world.project.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(await heardOf(vendor, id)).toEqual({ kinds: ['new_job'], channels: ONE_EACH });

    // The manager invites the vendor before the new job's deliveries went out.
    const invitation = await manager.post(`/api/requests/${id}/invitations/`, { vendors: [vendor.id] });
    expect(invitation.statusCode, invitation.body).toBe(200);

    const unread = await vendor.client.get('/api/notifications/?is_read=false');
    expect(unread.statusCode).toBe(200);
    const ofRequest = unread
      .json<{ title: string; related_request: number | null }[]>()
      .filter((notice) => notice.related_request === id);
    expect(ofRequest.map((notice) => notice.title)).toEqual(['You are invited to bid']);
    const replaced = await t.db
      .select()
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notificationDeliveries.userId, vendor.id), eq(notifications.kind, 'new_job')));
    expect(
      replaced.map((row) => [row.notification_deliveries.status, row.notification_deliveries.lastError]),
    ).toEqual([
      ['cancelled', 'Replaced by the invitation to bid.'],
      ['cancelled', 'Replaced by the invitation to bid.'],
      ['cancelled', 'Replaced by the invitation to bid.'],
    ]);

    await t.app.flushDeliveries();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, vendor.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['You are invited to bid']);
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
    expect(
      t.push.receivedBy(vendor.device!).map((push) => (push.payload as { title: string }).title),
    ).toEqual(['You are invited to bid']);
    // A vendor not invited keeps its new job, unread.
    expect(await heardOf(other, id)).toEqual({ kinds: ['new_job'], channels: ONE_EACH });
    const others = (await other.client.get('/api/notifications/?is_read=false')).json<
      { related_request: number }[]
    >();
    expect(others.filter((notice) => notice.related_request === id)).toHaveLength(1);
  });
});
