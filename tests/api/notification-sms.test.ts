import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { twilioSignature } from '#server/sms/twilio-signature.ts';
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
  textsTo,
} from '../support/delivery-app.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Texts: sent through Twilio's REST API (a local fake of it here), only to numbers that
 * can take them, short with a link, STOP honoured (the inbound webhook, signature checked, and
 * Twilio's own "unsubscribed recipient" refusal), quiet hours holding texts and pushes until they end.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

const ALL_ON = { email: true, sms: true, push: true };

async function vendorWithTexts(options: { quiet?: { start: string; end: string } } = {}) {
  const vendor = await makePerson(t, 'vendor');
  await saveSettings(vendor, {
    email_notifications: true,
    sms_notifications: true,
    categories: { bid_results: ALL_ON },
    quiet_hours: options.quiet ? { enabled: true, ...options.quiet, time_zone: 'UTC' } : QUIET_OFF,
  });
  return vendor;
}

/** The vendor's bid is accepted (a bid result: texts on by default for vendors). */
async function award(vendor: Person) {
  const world = await makeRequestWorld(t.db);
  const request = await makeRequest(t.db, {
    createdById: world.manager.id,
    projectId: world.project.id,
    invited: [vendor.id],
  });
  const bid = await makeBid(t.db, { requestId: request.id, vendorId: vendor.id, amount: 1250 });
  const manager = await signIn(t.app, world.manager.email);
  expect((await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id })).statusCode).toBe(200);
  return request.id;
}

/** Twilio's webhook call for a text someone sent to our number, signed as Twilio signs it. */
function inbound(
  from: string,
  body: string,
  options: { token?: string; url?: string; signature?: string | null } = {},
) {
  const params = {
    AccountSid: t.twilio.accountSid,
    From: from,
    To: t.twilio.from,
    Body: body,
    MessageSid: 'SM1',
  };
  const signature =
    options.signature === undefined
      ? twilioSignature(
          options.token ?? t.twilio.authToken,
          options.url ?? 'http://localhost:8080/api/sms/inbound/',
          params,
        )
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/sms/inbound/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const smsSwitch = async (person: Person) =>
  (await t.db.select({ on: users.smsNotifications }).from(users).where(eq(users.id, person.id)))[0]!.on;

describe('a text', () => {
  it('is short, names FieldBid and the event, links the request and says how to stop', async () => {
    const vendor = await vendorWithTexts();
    const requestId = await award(vendor);
    await t.app.flushDeliveries();
    const [text] = textsTo(t, vendor.phone);
    expect(text).toBeDefined();
    expect(text!.from).toBe(t.twilio.from);
    expect(text!.body).toBe(
      `FieldBid: Your bid on request #${requestId} was accepted. Open: http://localhost:8080/vendor/requests/${requestId} Reply STOP to opt out.`,
    );
    expect(text!.body.length).toBeLessThanOrEqual(160);
    const [delivery] = (await deliveriesOf(t, vendor.id)).filter((d) => d.channel === 'sms');
    expect(delivery).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerId: text!.sid,
      recipient: `•••${vendor.phone.slice(-4)}`,
      content: text!.body,
    });
  });

  it('goes only to a number that can take one', async () => {
    const vendor = await vendorWithTexts();
    for (const phone of ['', '1234567890', '7201234567', '9115550123']) {
      await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, vendor.id));
      const settings = (await vendor.client.get('/api/notification-settings/')).json();
      expect(settings.sms_number).toBeNull();
    }
    await award(vendor);
    await t.app.flushDeliveries();
    expect((await deliveriesOf(t, vendor.id)).map((d) => d.channel).sort()).toEqual(['email', 'push']);
    expect(
      t.twilio.sent.filter((text) => text.body.includes('was accepted') && text.to.endsWith('0123')),
    ).toEqual([]);
  });
});

describe('STOP', () => {
  it('from the number turns texts off for its account; START turns them on again', async () => {
    const vendor = await vendorWithTexts();
    const stop = await inbound(`+1${vendor.phone}`, ' stop ');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect(stop.body).toContain('<Response></Response>');
    expect(await smsSwitch(vendor)).toBe(false);
    expect((await vendor.client.get('/api/user-profile/')).json().sms_notifications).toBe(false);

    await award(vendor);
    await t.app.flushDeliveries();
    expect(textsTo(t, vendor.phone)).toEqual([]);
    expect((await deliveriesOf(t, vendor.id)).some((d) => d.channel === 'sms')).toBe(false);

    expect((await inbound(`+1${vendor.phone}`, 'START')).statusCode).toBe(200);
    expect(await smsSwitch(vendor)).toBe(true);
  });

  it('is refused without Twilio’s signature, with a wrong one, or one for another address', async () => {
    const vendor = await vendorWithTexts();
    const from = `+1${vendor.phone}`;
    expect((await inbound(from, 'STOP', { signature: null })).statusCode).toBe(403);
    expect((await inbound(from, 'STOP', { signature: 'bm90IGEgc2lnbmF0dXJl' })).statusCode).toBe(403);
    expect((await inbound(from, 'STOP', { token: 'another-account-token' })).statusCode).toBe(403);
    expect((await inbound(from, 'STOP', { url: 'http://evil.example/api/sms/inbound/' })).statusCode).toBe(
      403,
    );
    expect(await smsSwitch(vendor)).toBe(true);
  });

  it('reported by Twilio on a send (error 21610) fails that text and turns texts off', async () => {
    const vendor = await vendorWithTexts();
    t.twilio.answerNext({
      kind: 'error',
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    await award(vendor);
    const pass = await t.app.flushDeliveries();
    expect(pass.failed).toBe(1);
    const [sms] = (await deliveriesOf(t, vendor.id)).filter((d) => d.channel === 'sms');
    expect(sms).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sms!.lastError).toContain('21610');
    expect(await smsSwitch(vendor)).toBe(false);
    // Failed for good: never tried again.
    await t.app.flushDeliveries({ now: later(120 * MINUTE) });
    expect(t.twilio.calls).toBeGreaterThan(0);
    expect(textsTo(t, vendor.phone)).toEqual([]);
  });
});

/** HH:MM in UTC, `minutes` from now. */
const clock = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString().slice(11, 16);

describe('quiet hours', () => {
  it('hold texts and pushes until they end, then deliver them; email is not held', async () => {
    const vendor = await vendorWithTexts({ quiet: { start: clock(-60), end: clock(120) } });
    const requestId = await award(vendor);
    const held = (await deliveriesOf(t, vendor.id)).filter((d) => d.channel !== 'email');
    expect(held.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['push', 'held'],
      ['sms', 'held'],
    ]);
    for (const delivery of held) {
      const waits = delivery.sendAfter.getTime() - Date.now();
      expect(waits).toBeGreaterThan(118 * MINUTE);
      expect(waits).toBeLessThan(121 * MINUTE);
    }

    await t.app.flushDeliveries({ now: later(60 * MINUTE) });
    expect(textsTo(t, vendor.phone)).toEqual([]);
    expect(t.push.receivedBy(vendor.device!)).toEqual([]);
    expect((await deliveriesOf(t, vendor.id)).find((d) => d.channel === 'email')?.status).toBe('sent');

    await t.app.flushDeliveries({ now: later(125 * MINUTE) });
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
    expect(t.push.receivedBy(vendor.device!).map((push) => push.payload)).toEqual([
      expect.objectContaining({ title: 'Bid accepted', url: `/vendor/requests/${requestId}` }),
    ]);
    expect((await deliveriesOf(t, vendor.id)).map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('hold a retry that comes due inside them', async () => {
    const vendor = await vendorWithTexts();
    t.twilio.answerNext({ kind: 'error', status: 503, code: 20503, message: 'Service unavailable' });
    await award(vendor);
    expect((await t.app.flushDeliveries()).retried).toBeGreaterThanOrEqual(1);
    await saveSettings(vendor, {
      email_notifications: true,
      sms_notifications: true,
      categories: { bid_results: ALL_ON },
      quiet_hours: { enabled: true, start: clock(-10), end: clock(180), time_zone: 'UTC' },
    });
    await t.app.flushDeliveries({ now: later(5 * MINUTE) });
    const [sms] = (await deliveriesOf(t, vendor.id)).filter((d) => d.channel === 'sms');
    expect(sms).toMatchObject({ status: 'held', attempts: 1 });
    await t.app.flushDeliveries({ now: later(185 * MINUTE) });
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
  });
});
