import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config/config.ts';
import type { Db } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { users } from '#server/db/schema/users.ts';
import { notify } from '#server/notifications/notify.ts';
import type { HostResolver } from '#server/push/push-endpoint-rule.ts';
import type { NotificationSettingsInput } from '#shared/notification-preferences.ts';
import { makeUser } from './factories.ts';
import { type FakeDevice, FakePushService } from './fake-push-service.ts';
import { FakeTwilioApi } from './fake-twilio-api.ts';
import { makeVendor } from './request-factories.ts';
import { signIn } from './sign-in.ts';
import { NO_DNS, type TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';
import { openTestDatabase } from './test-database.ts';
import { phoneFor } from './test-phone.ts';

/**
 * The app with every notification channel on real transports, each against a local stand-in: mail
 * into the outbox (the dev transport; the outbox's own sending is tested elsewhere), texts to a fake
 * Twilio REST API, pushes through `web-push` to a fake HTTPS push service. The background senders are
 * off: a test sends with `app.flushDeliveries({now})`, so it controls time.
 *
 * The fake push service listens on 127.0.0.1, which the push-endpoint rule refuses, so the app takes
 * the test seam (config.push.allowInsecureEndpointsForTests, with an agent that trusts the fake's
 * certificate) unless `pushRule` asks for the rule as in production (then `pushResolver` answers for
 * DNS: NO_DNS unless given).
 */
export interface DeliveryApp extends TestApp {
  twilio: FakeTwilioApi;
  push: FakePushService;
  dataDir: string;
}

export async function startDeliveryApp(
  overrides: Partial<Config> = {},
  options: { pushRule?: 'test-seam' | 'production'; pushResolver?: HostResolver } = {},
): Promise<DeliveryApp> {
  const twilio = new FakeTwilioApi();
  const push = new FakePushService();
  await twilio.start();
  await push.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-deliveries-'));
  const database = await openTestDatabase();
  const config: Config = {
    ...loadConfig({}),
    staticDir: undefined,
    dataDir,
    smsTransport: 'twilio',
    twilio: twilio.config,
    ...overrides,
  };
  config.push = { ...config.push, allowInsecureEndpointsForTests: options.pushRule !== 'production' };
  const app = await buildApp({
    config,
    database,
    mailSender: false,
    deliveries: {
      runSender: false,
      pushAgent: push.agent,
      pushResolver: options.pushResolver ?? NO_DNS,
    },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    twilio,
    push,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await twilio.stop();
      await push.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let phoneSequence = 0;
/** A dialable North American number no other test user has (the profile keeps ten digits). */
export function newPhone(): string {
  phoneSequence += 1;
  return phoneFor(process.pid, phoneSequence);
}

export interface Person {
  id: number;
  email: string;
  phone: string;
  client: TestClient;
  device: FakeDevice | null;
}

/**
 * A number as confirmed (the user typed in the code texted to it; phone-verification.test.ts goes
 * through that itself): texts go only to a confirmed number.
 */
export function confirmedNumber(phone: string) {
  return { phoneNumber: phone, phoneVerifiedNumber: phone, phoneVerifiedAt: new Date() };
}

/** Confirms the number a user's profile has now, as a code would. */
export async function confirmNumberOf(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ phoneVerifiedNumber: sql`${users.phoneNumber}`, phoneVerifiedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * A signed-in user with a mobile number (confirmed unless `confirmed: false`), optionally with this
 * browser's push subscription stored.
 */
export async function makePerson(
  t: DeliveryApp,
  kind: 'vendor' | 'property_manager',
  options: { trades?: string[]; clientId?: number; device?: boolean; confirmed?: boolean } = {},
): Promise<Person> {
  const phone = newPhone();
  const number = options.confirmed === false ? { phoneNumber: phone } : confirmedNumber(phone);
  const user =
    kind === 'vendor'
      ? await makeVendor(t.db, { serviceCategories: options.trades ?? [] }, number)
      : await makeUser(t.db, {
          type: 'property_manager',
          clientId: options.clientId ?? null,
          ...number,
        });
  const client = await signIn(t.app, user.email);
  let device: FakeDevice | null = null;
  if (options.device !== false) {
    device = t.push.newDevice();
    const added = await client.post('/api/push/subscriptions/', device);
    if (added.statusCode !== 201) throw new Error(`push subscription refused: ${added.body}`);
  }
  return { id: user.id, email: user.email, phone, client, device };
}

/** Saves notification settings through the API, as the Settings tab does. */
export async function saveSettings(person: Person, input: NotificationSettingsInput): Promise<void> {
  const saved = await person.client.request('PUT', '/api/notification-settings/', { json: input });
  if (saved.statusCode !== 200) throw new Error(`settings refused: ${saved.body}`);
}

export const QUIET_OFF = { enabled: false, start: '22:00', end: '07:00', time_zone: 'UTC' } as const;

const ALL_ON = { email: true, sms: true, push: true };

/** Lifecycle notifications on every channel, quiet hours off. */
export async function everywhere(person: Person): Promise<void> {
  await saveSettings(person, {
    email_notifications: true,
    sms_notifications: true,
    categories: { lifecycle: ALL_ON },
    quiet_hours: QUIET_OFF,
  });
}

/** One lifecycle notification for each person, written as an event's transaction writes it. */
export async function notifyAll(t: TestApp, people: Person[], title = 'Job sent back'): Promise<void> {
  await t.db.transaction(async (tx) =>
    notify(
      tx as unknown as Db,
      people.map((person) => ({
        userId: person.id,
        kind: 'request_status' as const,
        title,
        message: 'More work needed.',
      })),
    ),
  );
}

/** The notification mails the outbox holds for an address. */
export function mailsTo(t: TestApp, email: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email)))
    .orderBy(mailOutbox.id);
}

export function deliveriesOf(t: TestApp, userId: number) {
  return t.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.userId, userId))
    .orderBy(notificationDeliveries.id);
}

/** Texts the fake Twilio accepted for a profile's ten digits. */
export const textsTo = (t: DeliveryApp, phone: string) =>
  t.twilio.sent.filter((text) => text.to === `+1${phone}`);

export const MINUTE = 60_000;
export const later = (ms: number) => new Date(Date.now() + ms);
