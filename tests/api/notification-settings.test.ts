import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceReminders } from '#server/db/schema/insurance-reminders.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  later,
  MINUTE,
  makePerson,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
} from '../support/delivery-app.ts';
import { makeUser } from '../support/factories.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { signIn } from '../support/sign-in.ts';
import { PDF } from '../support/vendor-applicant.ts';

/*
 * Settings → Notifications: the profile's two switches (their spec names and meaning on
 * /api/user-profile/ unchanged), per-category channels with role defaults, quiet hours; the
 * insurance reminders; and the staff view of deliveries.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * MINUTE;
const dayFromNow = (days: number, from = Date.now()) =>
  new Date(from + days * DAY).toISOString().slice(0, 10);

describe('GET /api/notification-settings/', () => {
  it('answers the role’s categories with its defaults, both switches on, quiet hours off', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    expect((await vendor.client.get('/api/notification-settings/')).json()).toEqual({
      email_notifications: true,
      sms_notifications: true,
      categories: [
        { category: 'new_jobs', email: true, sms: false, push: true },
        { category: 'messages', email: true, sms: false, push: true },
        { category: 'bid_results', email: true, sms: true, push: true },
        { category: 'lifecycle', email: true, sms: true, push: true },
        { category: 'insurance', email: true, sms: true, push: true },
      ],
      quiet_hours: { enabled: false, start: '21:00', end: '07:00', time_zone: 'America/Denver' },
      sms_number: `+1${vendor.phone}`,
      sms_number_confirmed: true,
      sms_code_expires_at: null,
      sms_provider: 'twilio',
      push_devices: 0,
    });
    const manager = await makePerson(t, 'property_manager');
    const settings = (await manager.client.get('/api/notification-settings/')).json();
    expect(settings.categories).toEqual([
      { category: 'messages', email: true, sms: false, push: true },
      { category: 'lifecycle', email: true, sms: false, push: true },
    ]);
    expect(settings.push_devices).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification-settings/' })).statusCode).toBe(401);
  });
});

describe('PUT /api/notification-settings/', () => {
  it('saves the switches, choices and quiet hours; the profile API shows the same two switches', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    await saveSettings(vendor, {
      email_notifications: false,
      sms_notifications: true,
      categories: { messages: { email: false, sms: true, push: false } },
      quiet_hours: { enabled: true, start: '22:30', end: '06:45', time_zone: 'Europe/Berlin' },
    });
    const settings = (await vendor.client.get('/api/notification-settings/')).json();
    expect(settings).toMatchObject({
      email_notifications: false,
      sms_notifications: true,
      quiet_hours: { enabled: true, start: '22:30', end: '06:45', time_zone: 'Europe/Berlin' },
    });
    expect(settings.categories[1]).toEqual({ category: 'messages', email: false, sms: true, push: false });
    // Untouched categories keep following the defaults.
    expect(settings.categories[0]).toEqual({ category: 'new_jobs', email: true, sms: false, push: true });
    const profile = (await vendor.client.get('/api/user-profile/')).json();
    expect(profile).toMatchObject({ email_notifications: false, sms_notifications: true });

    // And the spec's profile PUT still switches them, as before.
    const put = await vendor.client.request('PUT', '/api/user-profile/', {
      json: { ...profile, email_notifications: true, sms_notifications: false },
    });
    expect(put.json()).toMatchObject({ email_notifications: true, sms_notifications: false });
    expect((await vendor.client.get('/api/notification-settings/')).json()).toMatchObject({
      email_notifications: true,
      sms_notifications: false,
    });
  });

  it('refuses what it cannot keep, naming the field', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    const base = {
      email_notifications: true,
      sms_notifications: true,
      categories: {},
      quiet_hours: QUIET_OFF,
    };
    const cases: Array<[unknown, string]> = [
      [{ ...base, email_notifications: 'yes' }, 'email_notifications'],
      [{ ...base, categories: { gossip: { email: true, sms: true, push: true } } }, 'categories'],
      [{ ...base, categories: { messages: { email: true } } }, 'categories'],
      [{ ...base, quiet_hours: { ...QUIET_OFF, start: '25:00' } }, 'quiet_hours'],
      [{ ...base, quiet_hours: { ...QUIET_OFF, end: QUIET_OFF.start } }, 'quiet_hours'],
      [{ ...base, quiet_hours: { ...QUIET_OFF, time_zone: 'Mars/Olympus_Mons' } }, 'quiet_hours'],
      [{ email_notifications: true }, 'sms_notifications'],
    ];
    for (const [json, field] of cases) {
      const refused = await vendor.client.request('PUT', '/api/notification-settings/', { json });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toContain(field);
    }
  });
});

describe('insurance', () => {
  it('a new certificate is acknowledged, with the date it runs to', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    const expiresOn = dayFromNow(200);
    const form = multipart([
      { name: 'insurance_certificate', value: PDF, filename: 'cert.pdf', type: 'application/pdf' },
      { name: 'insurance_expires_on', value: expiresOn },
    ]);
    const uploaded = await postMultipart(vendor.client, '/api/vendor/insurance/', form);
    expect(uploaded.statusCode).toBe(200);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, vendor.id));
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'insurance', title: 'Insurance certificate updated' }),
    ]);
    await t.app.flushDeliveries();
    expect((await deliveriesOf(t, vendor.id)).map((d) => [d.channel, d.status])).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
  });

  it('reminds 30 and then 7 days before expiry, each once, and again for a renewed certificate', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    const start = Date.now();
    const expiresOn = dayFromNow(40, start);
    await t.db
      .update(vendorProfiles)
      .set({ insuranceExpiresOn: expiresOn })
      .where(eq(vendorProfiles.userId, vendor.id));
    const titles = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, vendor.id)))
        .map((n) => n.title)
        .sort();
    const check = (days: number) => t.app.remindOfInsuranceExpiry({ now: new Date(start + days * DAY) });

    await check(0); // 40 days left
    expect(await titles()).toEqual([]);
    await check(10); // 30 left
    await check(11);
    await check(20);
    expect(await titles()).toEqual(['Insurance expires in 30 days']);
    await check(33); // 7 left
    await check(34);
    expect(await titles()).toEqual(['Insurance expires in 30 days', 'Insurance expires in 7 days']);
    await check(41); // expired: no more reminders
    expect(await titles()).toHaveLength(2);
    expect(
      await t.db.select().from(insuranceReminders).where(eq(insuranceReminders.vendorId, vendor.id)),
    ).toHaveLength(2);

    // Uploaded with only 5 days left: straight to the 7-day reminder.
    const renewed = dayFromNow(46, start);
    await t.db
      .update(vendorProfiles)
      .set({ insuranceExpiresOn: renewed })
      .where(eq(vendorProfiles.userId, vendor.id));
    await check(41);
    await Promise.all([check(41), check(41)]);
    expect((await titles()).filter((title) => title === 'Insurance expires in 5 days')).toHaveLength(1);
  });
});

describe('GET /api/admin/notification-deliveries/', () => {
  it('shows staff each delivery per channel: sent, failed with its reason, retried', async () => {
    const vendor = await makePerson(t, 'vendor');
    await saveSettings(vendor, {
      email_notifications: true,
      sms_notifications: true,
      categories: { insurance: { email: true, sms: true, push: true } },
      quiet_hours: QUIET_OFF,
    });
    // Whatever earlier tests left due goes first, so the failures below meet this vendor's sends.
    await t.app.flushDeliveries({ now: later(60 * MINUTE) });
    t.push.answerNext(vendor.device!, 410);
    t.twilio.answerNext({ kind: 'error', status: 500, code: 20500, message: 'Internal error' });
    await t.db
      .update(vendorProfiles)
      .set({ insuranceExpiresOn: dayFromNow(6) })
      .where(eq(vendorProfiles.userId, vendor.id));
    await t.app.remindOfInsuranceExpiry();
    await t.app.flushDeliveries();
    await t.app.flushDeliveries({ now: later(MINUTE) });

    const staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
    const page = (await staff.get('/api/admin/notification-deliveries/')).json();
    const mine = page.results.filter((row: { user: { id: number } }) => row.user.id === vendor.id);
    expect(mine.map((row: { channel: string }) => row.channel).sort()).toEqual(['email', 'push', 'sms']);
    const by = (channel: string) => mine.find((row: { channel: string }) => row.channel === channel);
    expect(by('email')).toMatchObject({ status: 'sent', mail_status: 'pending', recipient: vendor.email });
    expect(by('sms')).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: 'Twilio 500 error 20500: Internal error',
      recipient: `•••${vendor.phone.slice(-4)}`,
    });
    expect(by('push')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('410'),
    });
    expect(by('push').notification.title).toBe('Insurance expires in 6 days');
    expect(page.totals).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'push', status: 'failed' })]),
    );

    const failed = (await staff.get('/api/admin/notification-deliveries/?channel=push&status=failed')).json();
    expect(
      failed.results.every(
        (row: { channel: string; status: string }) => row.channel === 'push' && row.status === 'failed',
      ),
    ).toBe(true);
    expect((await vendor.client.get('/api/admin/notification-deliveries/')).statusCode).toBe(403);
  });
});
