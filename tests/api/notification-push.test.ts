import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  later,
  MINUTE,
  makePerson,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
} from '../support/delivery-app.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Web Push: VAPID keys made once for the embedded default and kept in the data dir, the
 * signed-in user's devices, notifications sent with the `web-push` library to a local HTTPS push
 * service (which decrypts them as a browser would), and a subscription the push service says is gone
 * (404/410) removed.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

async function pushOnlyVendor() {
  const vendor = await makePerson(t, 'vendor');
  await saveSettings(vendor, {
    email_notifications: false,
    sms_notifications: false,
    categories: { bid_results: { email: false, sms: false, push: true } },
    quiet_hours: QUIET_OFF,
  });
  return vendor;
}

async function award(vendor: Person) {
  const world = await makeRequestWorld(t.db);
  const request = await makeRequest(t.db, {
    createdById: world.manager.id,
    projectId: world.project.id,
    invited: [vendor.id],
  });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId: vendor.id });
  const manager = await signIn(t.app, world.manager.email);
  expect((await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id })).statusCode).toBe(200);
  return request.id;
}

describe('VAPID keys', () => {
  it('are made on first use, kept in the data dir (owner only) and answered to signed-in users', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    const config = (await vendor.client.get('/api/push/config/')).json();
    const file = join(t.dataDir, 'vapid-keys.json');
    const kept = JSON.parse(await readFile(file, 'utf8'));
    expect(config).toEqual({ enabled: true, vapid_public_key: kept.publicKey });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/config/' })).statusCode).toBe(401);
  });

  it('come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; with PostgreSQL and none, push is off', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await startDeliveryApp({
      push: { vapidKeys: keys, subject: 'mailto:ops@example.test' },
    });
    const postgresLike = await startDeliveryApp({ databaseUrl: 'postgres://elsewhere/fieldbid' });
    try {
      const a = await makePerson(configured, 'vendor', { device: false });
      expect((await a.client.get('/api/push/config/')).json()).toEqual({
        enabled: true,
        vapid_public_key: keys.publicKey,
      });
      const b = await makePerson(postgresLike, 'vendor', { device: false });
      expect((await b.client.get('/api/push/config/')).json()).toEqual({
        enabled: false,
        vapid_public_key: null,
      });
      const refused = await b.client.post('/api/push/subscriptions/', postgresLike.push.newDevice());
      expect(refused.statusCode).toBe(409);
    } finally {
      await configured.close();
      await postgresLike.close();
    }
    // It starts two apps of its own: set-up work, given the hooks' room on a busy machine.
  }, 120_000);
});

describe('devices', () => {
  it('are the signed-in user’s own: listed, added once per endpoint, removed', async () => {
    const ann = await makePerson(t, 'vendor', { device: false });
    const bob = await makePerson(t, 'vendor', { device: false });
    const device = t.push.newDevice();
    const first = await ann.client.post('/api/push/subscriptions/', device, {
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      endpoint: device.endpoint,
      device: 'Chrome on Android',
      last_success_at: null,
    });
    expect((await ann.client.post('/api/push/subscriptions/', device)).statusCode).toBe(201);
    expect((await ann.client.get('/api/push/subscriptions/')).json()).toHaveLength(1);

    // The same browser signed in as someone else: the device is theirs now, not both.
    expect((await bob.client.post('/api/push/subscriptions/', device)).statusCode).toBe(201);
    expect((await ann.client.get('/api/push/subscriptions/')).json()).toEqual([]);
    const [bobs] = (await bob.client.get('/api/push/subscriptions/')).json();
    expect((await ann.client.request('DELETE', `/api/push/subscriptions/${bobs.id}/`)).statusCode).toBe(404);
    expect((await bob.client.request('DELETE', `/api/push/subscriptions/${bobs.id}/`)).statusCode).toBe(204);
    expect((await bob.client.get('/api/push/subscriptions/')).json()).toEqual([]);
  });

  it('must be https push endpoints with both keys', async () => {
    const ann = await makePerson(t, 'vendor', { device: false });
    const device = t.push.newDevice();
    const cases: Array<[unknown, string]> = [
      [{ ...device, endpoint: device.endpoint.replace('https:', 'http:') }, 'endpoint'],
      [{ ...device, endpoint: 'file:///etc/passwd' }, 'endpoint'],
      [{ endpoint: device.endpoint }, 'keys'],
      [{ ...device, keys: { p256dh: device.keys.p256dh, auth: 'not base64!' } }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const refused = await ann.client.post('/api/push/subscriptions/', body);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
    }
  });
});

describe('a push', () => {
  it('reaches the device encrypted for it, with what the service worker shows and opens', async () => {
    const vendor = await pushOnlyVendor();
    const requestId = await award(vendor);
    expect((await t.app.flushDeliveries()).sent).toBe(1);
    const [push] = t.push.receivedBy(vendor.device!);
    expect(push!.payload).toEqual({
      title: 'Bid accepted',
      body: expect.stringContaining(`request #${requestId} was accepted`),
      url: `/vendor/requests/${requestId}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
      topic: expect.stringMatching(/^n\d+$/),
      authorization: expect.stringMatching(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/),
    });
    const [device] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, vendor.id));
    expect(device!.lastSuccessAt).not.toBeNull();
  });

  it.each([410, 404])(
    'to a subscription the push service calls gone (%i) removes the device',
    async (status) => {
      const vendor = await pushOnlyVendor();
      t.push.answerNext(vendor.device!, status);
      await award(vendor);
      expect((await t.app.flushDeliveries()).failed).toBe(1);
      const [delivery] = await deliveriesOf(t, vendor.id);
      expect(delivery).toMatchObject({ channel: 'push', status: 'failed', attempts: 1 });
      expect(delivery!.lastError).toContain(`push service ${status}`);
      expect(
        await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, vendor.id)),
      ).toEqual([]);
      // The next notification has no device to go to.
      await award(vendor);
      expect((await deliveriesOf(t, vendor.id)).filter((d) => d.channel === 'push')).toHaveLength(1);
    },
  );

  it('is tried again after a push service error, and arrives once', async () => {
    const vendor = await pushOnlyVendor();
    t.push.answerNext(vendor.device!, 500, 429);
    await award(vendor);
    expect((await t.app.flushDeliveries()).retried).toBe(1);
    expect((await t.app.flushDeliveries({ now: later(MINUTE) })).retried).toBe(1);
    expect((await t.app.flushDeliveries({ now: later(5 * MINUTE) })).sent).toBe(1);
    await t.app.flushDeliveries({ now: later(60 * MINUTE) });
    expect(t.push.receivedBy(vendor.device!)).toHaveLength(1);
    const [delivery] = await deliveriesOf(t, vendor.id);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3 });
    expect(delivery!.lastError).toContain('push service 429');
  });
});
