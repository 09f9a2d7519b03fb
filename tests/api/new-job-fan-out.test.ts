import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newJobAnnouncements } from '#server/db/schema/new-job-announcements.ts';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { NEW_JOB_ANNOUNCEMENTS } from '#server/requests/new-job-announcements.ts';
import {
  type DeliveryApp,
  mailsTo,
  makePerson,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
} from '../support/delivery-app.ts';
import { makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';

// A request open to a whole trade tells every vendor of it, off the request's own path: the
// announcement job writes one notice per vendor and one delivery per channel each has on, once,
// and the senders send them no faster than each channel's rate.

let t: DeliveryApp;
let manager: TestClient;
let world: Awaited<ReturnType<typeof makeRequestWorld>>;
const TRADE = 'Fire Protection';
/** Texts per second in this app: a pass of the sender (every 2 s) sends at most twice as many. */
const SMS_PER_SECOND = 4;

const ALL_ON = { email: true, sms: true, push: true };
let everywhere: Person[];
let noEmail: Person[];
let quiet: Person[];

/** Quiet hours around the present moment, in UTC. */
function quietNow() {
  const hhmm = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(11, 16);
  return { enabled: true, start: hhmm(-3_600_000), end: hhmm(3_600_000), time_zone: 'UTC' };
}

async function tradeVendors(count: number, settings: Parameters<typeof saveSettings>[1]) {
  const people: Person[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await makePerson(t, 'vendor', { trades: [TRADE] });
    await saveSettings(person, settings);
    people.push(person);
  }
  return people;
}

beforeAll(async () => {
  t = await startDeliveryApp({ sendRates: { email: 50, sms: SMS_PER_SECOND, push: 100 } });
  world = await makeRequestWorld(t.db);
  manager = await signIn(t.app, world.manager.email);
  const on = { email_notifications: true, sms_notifications: true, quiet_hours: QUIET_OFF };
  everywhere = await tradeVendors(12, { ...on, categories: { new_jobs: ALL_ON } });
  noEmail = await tradeVendors(4, { ...on, categories: { new_jobs: { ...ALL_ON, email: false } } });
  quiet = await tradeVendors(3, { ...on, categories: { new_jobs: ALL_ON }, quiet_hours: quietNow() });
});

afterAll(async () => {
  await t?.close();
});

const vendorCount = () => everywhere.length + noEmail.length + quiet.length;

async function raise(description: string): Promise<number> {
  const created = await manager.post('/api/requests/', {
    type: TRADE,
    description,
    priority: 'high',
    property_id: world.project.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

const newJobNotices = (requestId: number) =>
  t.db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.relatedRequestId, requestId), eq(notifications.kind, 'new_job')));

/** Each (vendor, channel) with its number of deliveries for the request's notices. */
async function deliveriesByChannel(requestId: number) {
  const rows = await t.db
    .select({
      userId: notificationDeliveries.userId,
      channel: notificationDeliveries.channel,
      status: notificationDeliveries.status,
      sentAt: notificationDeliveries.sentAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.relatedRequestId, requestId))
    .orderBy(asc(notificationDeliveries.sentAt));
  return rows;
}

describe('a request open to a whole trade', () => {
  it('answers at once; the job queue tells each vendor once, on each channel it has on', async () => {
    const id = await raise('Sprinkler head leaking in the garage');
    // Nobody flushes by hand: the queue's worker, woken by the write, writes the notices.
    await expect.poll(async () => (await newJobNotices(id)).length, { timeout: 30_000 }).toBe(vendorCount());
    await expect
      .poll(async () => (await t.db.select().from(newJobAnnouncements)).length, { timeout: 30_000 })
      .toBe(0);

    // Announcing again, by hand and through the queue at once, tells nobody twice.
    await Promise.all([
      t.app.announceNewJobs(),
      t.app.jobs.send(NEW_JOB_ANNOUNCEMENTS, {}, { key: 'again', wake: true }),
      t.app.announceNewJobs(),
    ]);
    const notices = await newJobNotices(id);
    expect(new Set(notices.map((notice) => notice.userId)).size).toBe(vendorCount());
    expect(notices).toHaveLength(vendorCount());

    const deliveries = await deliveriesByChannel(id);
    const count = (person: Person, channel: string) =>
      deliveries.filter((row) => row.userId === person.id && row.channel === channel).length;
    for (const person of everywhere) {
      expect([count(person, 'email'), count(person, 'sms'), count(person, 'push')]).toEqual([1, 1, 1]);
    }
    for (const person of noEmail) {
      expect([count(person, 'email'), count(person, 'sms'), count(person, 'push')]).toEqual([0, 1, 1]);
    }
    // Quiet hours hold texts and pushes until they end (mail waits in an inbox anyway).
    for (const person of quiet) {
      const held = deliveries.filter((row) => row.userId === person.id && row.channel !== 'email');
      expect(held.map((row) => row.status)).toEqual(['held', 'held']);
    }
  });

  it('mails only the vendors with email on, one mail each', async () => {
    const id = await raise('Fire extinguisher tags out of date');
    await t.app.announceNewJobs();
    await t.app.flushDeliveries();
    for (const person of [...everywhere, ...quiet]) {
      const mails = (await mailsTo(t, person.email)).filter((mail) => mail.textBody.includes(`#${id}`));
      expect(mails.map((mail) => mail.subject)).toEqual(['New job available']);
    }
    for (const person of noEmail) {
      const mails = (await mailsTo(t, person.email)).filter((mail) => mail.textBody.includes(`#${id}`));
      expect(mails).toEqual([]);
    }
  });

  it('sends texts no faster than the channel’s rate, and the rest in later passes', async () => {
    // What earlier requests queued goes first.
    while ((await t.app.flushDeliveries()).sent > 0);
    const id = await raise('Smoke detector chirping in unit 4');
    await t.app.announceNewJobs();
    const due = everywhere.length + noEmail.length;
    const sentTexts = async () =>
      (await deliveriesByChannel(id)).filter((row) => row.channel === 'sms' && row.status === 'sent');

    const passBegan = Date.now();
    await t.app.flushDeliveries();
    const first = await sentTexts();
    // One pass of the sender (every 2 s) sends at most 2 s worth of the rate, and its k-th text
    // starts no sooner than k / rate seconds after the pass began: a busy machine only delays them.
    expect(first).toHaveLength(2 * SMS_PER_SECOND);
    const sentAfterMs = first.map((row) => row.sentAt!.getTime() - passBegan).sort((a, b) => a - b);
    sentAfterMs.forEach((after, k) => {
      expect(after, `text ${k} of the pass`).toBeGreaterThanOrEqual((k * 1000) / SMS_PER_SECOND - 5);
    });

    while ((await sentTexts()).length < due) await t.app.flushDeliveries();
    expect(await sentTexts()).toHaveLength(due);
  });

  it('tells nobody of a request cancelled before its announcement', async () => {
    const id = await raise('Alarm panel beeping');
    // Cancelled in the same moment: the announcement's row is still there, or already gone.
    await t.db.update(maintenanceRequests).set({ status: 'cancelled' }).where(eq(maintenanceRequests.id, id));
    await t.db.insert(newJobAnnouncements).values({ requestId: id }).onConflictDoNothing();
    const before = (await newJobNotices(id)).length;
    await t.app.announceNewJobs();
    expect((await newJobNotices(id)).length).toBe(before);
    expect(await t.db.select().from(newJobAnnouncements)).toEqual([]);
  });
});
