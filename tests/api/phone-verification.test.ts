import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { phoneVerificationCodes } from '#server/db/schema/phone-verification-codes.ts';
import { users } from '#server/db/schema/users.ts';
import { PHONE_CODE_MESSAGES } from '#shared/phone-verification.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  MINUTE,
  makePerson,
  newPhone,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
  textsTo,
} from '../support/delivery-app.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

/*
 * A number takes texts only once its owner confirmed it with a one-time code texted to it: any
 * user can type any number into the profile, and FieldBid's number must not text a stranger.
 * Codes are kept hashed, work 10 minutes, once, not after 5 wrong tries, and are sent at most once
 * a minute and 5 times an hour per user and per number. Texts never quote what a user wrote.
 */

const SEND = '/api/notification-settings/phone/verification/';
const VERIFY = '/api/notification-settings/phone/verify/';

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

const ALL_ON = { email: true, sms: true, push: true };

/** A vendor whose number is on the profile but not confirmed, with bid-result texts on. */
async function unconfirmedVendor(): Promise<Person> {
  const vendor = await makePerson(t, 'vendor', { device: false, confirmed: false });
  await saveSettings(vendor, {
    email_notifications: true,
    sms_notifications: true,
    categories: { bid_results: ALL_ON },
    quiet_hours: QUIET_OFF,
  });
  return vendor;
}

/** The vendor's bid is accepted: a bid result, texted when the vendor can take texts. */
async function award(vendor: Person): Promise<number> {
  const world = await makeRequestWorld(t.db);
  const request = await makeRequest(t.db, {
    createdById: world.manager.id,
    projectId: world.project.id,
    invited: [vendor.id],
  });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId: vendor.id, amount: 900 });
  const manager = await signIn(t.app, world.manager.email);
  expect((await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id })).statusCode).toBe(200);
  return request.id;
}

const smsDeliveries = async (person: Person) =>
  (await deliveriesOf(t, person.id)).filter((delivery) => delivery.channel === 'sms');

/** Asks for a code and reads it from the text the (fake) provider got. */
async function sendCode(person: Person, phone = person.phone): Promise<string> {
  const before = textsTo(t, phone).length;
  const sent = await person.client.post(SEND);
  expect(sent.statusCode, sent.body).toBe(200);
  const texts = textsTo(t, phone);
  expect(texts).toHaveLength(before + 1);
  const match = /^FieldBid code: (\d{6})\. /.exec(texts.at(-1)!.body);
  expect(match, texts.at(-1)!.body).not.toBeNull();
  return match![1]!;
}

const verify = (person: Person, code: string) => person.client.post(VERIFY, { code });

/** Forgets the sending limits' record of this person's codes, so a test can send the next at once. */
async function backdateCodes(person: Person, minutes: number) {
  const rows = await t.db
    .select()
    .from(phoneVerificationCodes)
    .where(eq(phoneVerificationCodes.userId, person.id));
  for (const row of rows) {
    await t.db
      .update(phoneVerificationCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - minutes * MINUTE) })
      .where(eq(phoneVerificationCodes.id, row.id));
  }
}

async function changeNumber(person: Person, phone: string) {
  const profile = (await person.client.get('/api/user-profile/')).json();
  const saved = await person.client.request('PUT', '/api/user-profile/', {
    json: { ...profile, phone_number: phone },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('an unconfirmed number', () => {
  it('gets no text for an event; Settings says it is not confirmed', async () => {
    const vendor = await unconfirmedVendor();
    await award(vendor);
    await t.app.flushDeliveries();
    expect(await smsDeliveries(vendor)).toEqual([]);
    expect(textsTo(t, vendor.phone)).toEqual([]);
    expect((await vendor.client.get('/api/notification-settings/')).json()).toMatchObject({
      sms_notifications: true,
      sms_number: `+1${vendor.phone}`,
      sms_number_confirmed: false,
      sms_code_expires_at: null,
    });
  });

  it('gets texts once confirmed with the code texted to it', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    const pending = (await vendor.client.get('/api/notification-settings/')).json();
    expect(pending.sms_number_confirmed).toBe(false);
    expect(new Date(pending.sms_code_expires_at).getTime() - Date.now()).toBeGreaterThan(9 * MINUTE);

    const confirmed = await verify(vendor, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ sms_number_confirmed: true, sms_code_expires_at: null });

    const requestId = await award(vendor);
    await t.app.flushDeliveries();
    expect((await smsDeliveries(vendor)).map((delivery) => delivery.status)).toEqual(['sent']);
    expect(textsTo(t, vendor.phone).at(-1)!.body).toContain(`/vendor/requests/${requestId}`);
  });

  it('a changed number takes no texts until it is confirmed again, even back to the old one', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    expect((await verify(vendor, code)).statusCode).toBe(200);

    const other = newPhone();
    await changeNumber(vendor, other);
    expect((await vendor.client.get('/api/notification-settings/')).json()).toMatchObject({
      sms_number: `+1${other}`,
      sms_number_confirmed: false,
    });
    await award(vendor);
    await t.app.flushDeliveries();
    expect(await smsDeliveries(vendor)).toEqual([]);
    expect(textsTo(t, other)).toEqual([]);

    // Back to the first number: confirmed once, but changed since, and its code is spent.
    await changeNumber(vendor, vendor.phone);
    const reused = await verify(vendor, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors.code).toEqual([PHONE_CODE_MESSAGES.noCode]);
    expect((await vendor.client.get('/api/notification-settings/')).json().sms_number_confirmed).toBe(false);
  });

  it('a text planned while confirmed is not sent once the number changed', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    await saveSettings(vendor, {
      email_notifications: true,
      sms_notifications: true,
      categories: { bid_results: ALL_ON },
      quiet_hours: QUIET_OFF,
    });
    await award(vendor);
    await changeNumber(vendor, newPhone());
    await t.app.flushDeliveries();
    const [sms] = await smsDeliveries(vendor);
    expect(sms).toMatchObject({ status: 'cancelled', lastError: 'The mobile number is not confirmed.' });
  });
});

describe('a code', () => {
  it('is stored only as a hash, and its text says nothing but the code', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    expect(textsTo(t, vendor.phone).at(-1)!.body).toBe(
      `FieldBid code: ${code}. Enter it in Settings to confirm this number for FieldBid texts. It expires in 10 minutes. Do not share it.`,
    );
    const rows = await t.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, vendor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phoneNumber: vendor.phone, attempts: 0, usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nor is it in any delivery record: it is no notification.
    const deliveries = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, vendor.id));
    expect(JSON.stringify(deliveries)).not.toContain(code);
  });

  it('works once', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    expect((await verify(vendor, code)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, vendor.id));
    expect(row!.usedAt).not.toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.id, vendor.id));
    expect(user).toMatchObject({ phoneVerifiedNumber: vendor.phone });
    expect(user!.phoneVerifiedAt).not.toBeNull();
  });

  it('expires after 10 minutes', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    await t.db
      .update(phoneVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerificationCodes.userId, vendor.id));
    const late = await verify(vendor, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.code).toEqual([PHONE_CODE_MESSAGES.expired]);
    expect((await vendor.client.get('/api/notification-settings/')).json()).toMatchObject({
      sms_number_confirmed: false,
      sms_code_expires_at: null,
    });
  });

  it('is void after 5 wrong tries, the right one too', async () => {
    const vendor = await unconfirmedVendor();
    const code = await sendCode(vendor);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await verify(vendor, wrong);
      expect(refused.statusCode).toBe(400);
      answers.push(refused.json().errors.code[0]);
    }
    expect(answers).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      PHONE_CODE_MESSAGES.voided,
    ]);
    const right = await verify(vendor, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.code).toEqual([PHONE_CODE_MESSAGES.voided]);
    expect((await vendor.client.get('/api/notification-settings/')).json().sms_number_confirmed).toBe(false);

    // A new code works.
    await backdateCodes(vendor, 2);
    expect((await verify(vendor, await sendCode(vendor))).statusCode).toBe(200);
  });

  it('is swept a day after it was sent', async () => {
    const vendor = await unconfirmedVendor();
    await sendCode(vendor);
    const codesOf = () =>
      t.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, vendor.id));
    await t.app.sweepExpired();
    expect(await codesOf()).toHaveLength(1);
    await backdateCodes(vendor, 25 * 60);
    await t.app.sweepExpired();
    expect(await codesOf()).toEqual([]);
  });

  it('only the newest one sent works', async () => {
    const vendor = await unconfirmedVendor();
    const first = await sendCode(vendor);
    await backdateCodes(vendor, 2);
    const second = await sendCode(vendor);
    if (first !== second) {
      const old = await verify(vendor, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verify(vendor, second)).statusCode).toBe(200);
  });

  it('is refused in words without a number, with a malformed code, or without a code sent', async () => {
    const vendor = await unconfirmedVendor();
    const none = await verify(vendor, '123456');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.code).toEqual([PHONE_CODE_MESSAGES.noCode]);
    const malformed = await verify(vendor, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toEqual([PHONE_CODE_MESSAGES.format]);

    await changeNumber(vendor, '');
    const noNumber = await vendor.client.post(SEND);
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().detail).toBe(PHONE_CODE_MESSAGES.noNumber);

    const confirmed = await makePerson(t, 'vendor', { device: false });
    const again = await confirmed.client.post(SEND);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PHONE_CODE_MESSAGES.alreadyConfirmed);
  });

  it('is not asked for by a visitor, nor without the CSRF token', async () => {
    const visitor = new TestClient(t.app);
    await visitor.csrfToken();
    expect((await visitor.post(SEND)).statusCode).toBe(401);
    const vendor = await unconfirmedVendor();
    const forged = await vendor.client.post(SEND, undefined, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(textsTo(t, vendor.phone)).toEqual([]);
  });
});

describe('sending codes', () => {
  it('answers 429 in words with Retry-After for a second code within a minute', async () => {
    const vendor = await unconfirmedVendor();
    await sendCode(vendor);
    const again = await vendor.client.post(SEND);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(/^A code was just sent\. You can ask for another in \d+ seconds?\.$/);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
  });

  it('sends at most 5 an hour per user', async () => {
    const vendor = await unconfirmedVendor();
    for (let sent = 0; sent < 5; sent += 1) {
      await sendCode(vendor);
      await backdateCodes(vendor, 2);
    }
    const sixth = await vendor.client.post(SEND);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toMatch(
      /^Too many codes were sent to this number in the last hour\. You can ask for another in \d+ minutes?\.$/,
    );
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    expect(textsTo(t, vendor.phone)).toHaveLength(5);
  });

  it('counts per number too: another account with the same number waits', async () => {
    const vendor = await unconfirmedVendor();
    await sendCode(vendor);
    const other = await makePerson(t, 'vendor', { device: false, confirmed: false });
    await changeNumber(other, vendor.phone);
    const refused = await other.client.post(SEND);
    expect(refused.statusCode).toBe(429);
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
  });

  it('a text the provider fails to take is reported in words, and its code does not work', async () => {
    const vendor = await unconfirmedVendor();
    t.twilio.answerNext({ kind: 'error', status: 503, code: 20503, message: 'Service unavailable' });
    const failed = await vendor.client.post(SEND);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe(PHONE_CODE_MESSAGES.notSent);
    expect((await vendor.client.get('/api/notification-settings/')).json().sms_code_expires_at).toBeNull();
  });
});

describe('a text', () => {
  it('for a new message names the event and links to it, never quoting the message or its sender', async () => {
    const world = await makeRequestWorld(t.db);
    const manager = await makePerson(t, 'property_manager', { device: false, clientId: world.client.id });
    await saveSettings(manager, {
      email_notifications: true,
      sms_notifications: true,
      categories: { messages: ALL_ON },
      quiet_hours: QUIET_OFF,
    });
    const vendor = await makePerson(t, 'vendor', { device: false });
    await t.db
      .update(users)
      .set({ firstName: 'Zebulon', lastName: 'Quartzfield' })
      .where(eq(users.id, vendor.id));
    const request = await makeRequest(t.db, {
      createdById: manager.id,
      projectId: world.project.id,
      invited: [vendor.id],
    });
    const lure = 'Xq7-relay: call 555-0100 to verify your bank at evil.example';
    const sent = await vendor.client.post('/api/messages/', { request: request.id, content: lure });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.flushDeliveries();

    const [text] = textsTo(t, manager.phone);
    expect(text).toBeDefined();
    expect(text!.body).not.toContain('Xq7-relay');
    expect(text!.body).not.toContain('evil.example');
    expect(text!.body).not.toContain('Quartzfield');
    expect(text!.body).toBe(
      `FieldBid: New message on request #${request.id}. Open: http://localhost:8080/property-manager/messages?request=${request.id}&vendor=${vendor.id} Reply STOP to opt out.`,
    );
    expect(text!.body.length).toBeLessThanOrEqual(160);
    // Email may still quote it.
    const [sms] = await smsDeliveries(manager);
    expect(sms!.content).toBe(text!.body);
  });
});
