import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/config.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { type HostResolver, PUSH_ENDPOINT_MESSAGES } from '#server/push/push-endpoint-rule.ts';
import { PUSH_SEND_MESSAGES } from '#server/push/push-transport.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  makePerson,
  notifyAll,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
} from '../support/delivery-app.ts';
import { makeUser } from '../support/factories.ts';
import { FakePushService } from '../support/fake-push-service.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The push-endpoint rule (server-side request forgery): the server POSTs to a subscription's
 * endpoint, which a signed-in user chose. `ruled` is the app as in production (the rule on); the DNS
 * it asks is this table, so fcm.googleapis.com "has been moved" to loopback. `seam` is the app the
 * other push tests use (the local push service on 127.0.0.1 through the test seam), here to show
 * that what a push service answers never reaches the delivery or the staff's view.
 */
const DNS: Record<string, string> = {
  'fcm.googleapis.com': '127.0.0.1',
  'web.push.apple.com': '17.188.136.5',
};
const resolver: HostResolver = async (hostname) => {
  const address = DNS[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

let ruled: DeliveryApp;
let seam: DeliveryApp;

beforeAll(async () => {
  ruled = await startDeliveryApp({}, { pushRule: 'production', pushResolver: resolver });
  seam = await startDeliveryApp();
});

afterAll(async () => {
  await ruled?.close();
  await seam?.close();
});

/** Lifecycle notifications by push only. */
async function pushOnly(person: Person): Promise<void> {
  await saveSettings(person, {
    email_notifications: false,
    sms_notifications: false,
    categories: { lifecycle: { email: false, sms: false, push: true } },
    quiet_hours: QUIET_OFF,
  });
}

const devicesOf = (t: DeliveryApp, userId: number) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('POST /api/push/subscriptions/', () => {
  it('refuses an endpoint on loopback, a private network or another port with a field error', async () => {
    const ann = await makePerson(ruled, 'vendor', { device: false });
    const device = ruled.push.newDevice();
    const cases: Array<[string, string]> = [
      [device.endpoint, PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://10.0.0.8/push/x', PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://192.168.1.1/push/x', PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://[::ffff:127.0.0.1]/push/x', PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://2130706433/push/x', PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data/', PUSH_ENDPOINT_MESSAGES.privateAddress],
      // A push service's name whose DNS now leads to loopback.
      ['https://fcm.googleapis.com/fcm/send/abc', PUSH_ENDPOINT_MESSAGES.privateAddress],
      ['https://localhost/push/x', PUSH_ENDPOINT_MESSAGES.notPushService],
      ['https://internal.example.test/push/x', PUSH_ENDPOINT_MESSAGES.notPushService],
      ['https://web.push.apple.com:8443/abc', PUSH_ENDPOINT_MESSAGES.notPushService],
    ];
    for (const [endpoint, message] of cases) {
      const refused = await ann.client.post('/api/push/subscriptions/', { ...device, endpoint });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json(), endpoint).toEqual({ errors: { endpoint: [message] } });
    }
    expect(await devicesOf(ruled, ann.id)).toEqual([]);
    expect(ruled.push.connections).toBe(0);

    // A real push service's endpoint is kept.
    const apple = { ...device, endpoint: 'https://web.push.apple.com/QGuQyavXutnMH5Ybm3PL' };
    expect((await ann.client.post('/api/push/subscriptions/', apple)).statusCode).toBe(201);
  });
});

describe('a push to a subscription stored before the rule', () => {
  it('never contacts a bad host, and its delivery says why in words of its own', async () => {
    const bob = await makePerson(ruled, 'vendor', { device: false });
    await pushOnly(bob);
    // Old rows, written as an earlier version of the server accepted them.
    const local = ruled.push.newDevice();
    const [onLoopback] = await ruled.db
      .insert(pushSubscriptions)
      .values({ userId: bob.id, endpoint: local.endpoint, ...local.keys })
      .returning();
    const [rebound] = await ruled.db
      .insert(pushSubscriptions)
      .values({ userId: bob.id, endpoint: 'https://fcm.googleapis.com/fcm/send/rebound', ...local.keys })
      .returning();

    await notifyAll(ruled, [bob]);
    expect(await ruled.app.flushDeliveries()).toMatchObject({ sent: 0, failed: 2 });
    // The local push service behind the stored endpoint was never even connected to.
    expect(ruled.push.connections).toBe(0);
    expect(ruled.push.received).toEqual([]);

    const pushes = (await deliveriesOf(ruled, bob.id)).filter((row) => row.channel === 'push');
    const byDevice = new Map(pushes.map((row) => [row.deviceId, row]));
    expect(byDevice.get(onLoopback!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: PUSH_SEND_MESSAGES.privateAddress,
    });
    expect(byDevice.get(rebound!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: PUSH_SEND_MESSAGES.privateAddress,
    });
    // An address that can never be a push service's goes; a push service's name stays (its DNS may
    // be mended), and has never succeeded.
    expect((await devicesOf(ruled, bob.id)).map((row) => [row.id, row.lastSuccessAt])).toEqual([
      [rebound!.id, null],
    ]);
  });
});

describe('what a push service answers', () => {
  it('never reaches the delivery nor what staff read', async () => {
    const cat = await makePerson(seam, 'vendor');
    await pushOnly(cat);
    const dan = await makePerson(seam, 'vendor');
    await pushOnly(dan);
    seam.push.answerNext(cat.device!, 500);
    seam.push.answerNext(dan.device!, 410);
    await notifyAll(seam, [cat, dan]);
    expect(await seam.app.flushDeliveries()).toMatchObject({ retried: 1, failed: 1 });

    const [catPush] = (await deliveriesOf(seam, cat.id)).filter((row) => row.channel === 'push');
    const [danPush] = (await deliveriesOf(seam, dan.id)).filter((row) => row.channel === 'push');
    expect(catPush!.lastError).toBe(PUSH_SEND_MESSAGES.status(500));
    expect(danPush!.lastError).toBe(PUSH_SEND_MESSAGES.status(410));

    const staff = await signIn(seam.app, (await makeUser(seam.db, { type: null, isStaff: true })).email);
    const page = await staff.get('/api/admin/notification-deliveries/?channel=push');
    expect(page.statusCode).toBe(200);
    const shown = page
      .json()
      .results.filter((row: { user: { id: number } }) => [cat.id, dan.id].includes(row.user.id));
    expect(shown).toHaveLength(2);
    expect(page.body).not.toContain(FakePushService.ANSWER_TEXT);
  });
});

describe('the test seam', () => {
  it('is refused on a production server, from the environment or in code', async () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS: 'true' }),
    ).toThrow('PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS is for tests');
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://fieldbid.example', PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS: 'true' }),
    ).toThrow('PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS is for tests');
    expect(
      loadConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS: 'true' }).push.allowInsecureEndpointsForTests,
    ).toBe(true);
    expect(loadConfig({}).push.allowInsecureEndpointsForTests).toBe(false);

    // A config made in code (as tests make theirs) is refused at start as well.
    const production = loadConfig({ NODE_ENV: 'production' });
    await expect(
      buildApp({
        config: {
          ...production,
          staticDir: undefined,
          push: { ...production.push, allowInsecureEndpointsForTests: true },
        },
        database: seam.database,
        mailSender: false,
        deliveries: { runSender: false, pushAgent: seam.push.agent },
      }),
    ).rejects.toThrow('push.allowInsecureEndpointsForTests is for tests');
  });
});
