import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Db } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { DELIVERY_POLICY } from '#server/notifications/delivery-policy.ts';
import { notify } from '#server/notifications/notify.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  everywhere,
  later,
  MINUTE,
  makePerson,
  notifyAll,
  type Person,
  startDeliveryApp,
  textsTo,
} from '../support/delivery-app.ts';

/*
 * Failed sends are tried again and never lost; nothing is sent twice, also when two servers send
 * from one database at once (on PostgreSQL a second app on the same database takes rows with
 * `for update skip locked`; PGlite runs one transaction at a time). Runs on both databases.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

describe('a failing provider', () => {
  it('is tried again with growing pauses until the text is sent, once', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    await everywhere(vendor);
    t.twilio.answerNext(
      { kind: 'error', status: 500, code: 20500, message: 'Internal error' },
      { kind: 'error', status: 429, code: 20429, message: 'Too many requests' },
      { kind: 'error', status: 401, code: 20003, message: 'Authenticate' },
    );
    await notifyAll(t, [vendor]);
    const sms = async () => (await deliveriesOf(t, vendor.id)).find((d) => d.channel === 'sms')!;

    await t.app.flushDeliveries();
    expect(await sms()).toMatchObject({ status: 'queued', attempts: 1 });
    const firstWait = (await sms()).sendAfter.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(25_000);
    // Not before its time.
    await t.app.flushDeliveries({ now: later(10_000) });
    expect((await sms()).attempts).toBe(1);

    await t.app.flushDeliveries({ now: later(MINUTE) });
    expect(await sms()).toMatchObject({ status: 'queued', attempts: 2 });
    await t.app.flushDeliveries({ now: later(3 * MINUTE) });
    expect(await sms()).toMatchObject({ status: 'queued', attempts: 3 });
    await t.app.flushDeliveries({ now: later(10 * MINUTE) });
    expect(await sms()).toMatchObject({ status: 'sent', attempts: 4 });
    for (const minutes of [20, 60, 600]) await t.app.flushDeliveries({ now: later(minutes * MINUTE) });
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
  });

  it('that never recovers ends in failed with its reason kept, after the last attempt', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    await everywhere(vendor);
    t.twilio.answerNext(
      ...Array.from({ length: DELIVERY_POLICY.maxAttempts }, () => ({
        kind: 'error' as const,
        status: 503,
        code: 20503,
        message: 'Service unavailable',
      })),
    );
    await notifyAll(t, [vendor]);
    for (let hour = 0; hour <= DELIVERY_POLICY.maxAttempts; hour += 1) {
      await t.app.flushDeliveries({ now: later(hour * 60 * MINUTE) });
    }
    const sms = (await deliveriesOf(t, vendor.id)).find((d) => d.channel === 'sms')!;
    expect(sms).toMatchObject({ status: 'failed', attempts: DELIVERY_POLICY.maxAttempts });
    expect(sms.lastError).toBe('Twilio 503 error 20503: Service unavailable');
    expect(textsTo(t, vendor.phone)).toEqual([]);
  });

  it('a sender that stopped mid-send leaves its claim, which lapses and is sent by another, once', async () => {
    const vendor = await makePerson(t, 'vendor', { device: false });
    await everywhere(vendor);
    await notifyAll(t, [vendor]);
    const [sms] = (await deliveriesOf(t, vendor.id)).filter((d) => d.channel === 'sms');
    // As a process that claimed the row and died before it sent leaves it.
    await t.db
      .update(notificationDeliveries)
      .set({ lockedUntil: later(DELIVERY_POLICY.leaseMs) })
      .where(eq(notificationDeliveries.id, sms!.id));
    await t.app.flushDeliveries();
    expect(textsTo(t, vendor.phone)).toEqual([]);
    await t.app.flushDeliveries({ now: later(DELIVERY_POLICY.leaseMs + MINUTE) });
    expect(textsTo(t, vendor.phone)).toHaveLength(1);
  });
});

describe('two servers sending from one database at once', () => {
  it('send every mail, text and push exactly once', async () => {
    const second = await buildApp({
      config: t.app.config,
      database: t.database,
      mailSender: false,
      deliveries: { runSender: false, pushAgent: t.push.agent },
    });
    await second.ready();
    try {
      const people: Person[] = [];
      for (let i = 0; i < 12; i += 1) {
        const person = await makePerson(t, 'vendor');
        await everywhere(person);
        people.push(person);
      }
      for (let round = 0; round < 3; round += 1) await notifyAll(t, people, `Round ${round}`);
      const ids = people.map((person) => person.id);
      const expected = people.length * 3;

      await Promise.all([
        t.app.flushDeliveries(),
        second.flushDeliveries(),
        t.app.flushDeliveries(),
        second.flushDeliveries(),
      ]);
      await Promise.all([t.app.flushDeliveries(), second.flushDeliveries()]);

      const rows = await t.db
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.userId, ids));
      expect(rows).toHaveLength(expected * 3);
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
      const texts = people.flatMap((person) => textsTo(t, person.phone));
      expect(texts).toHaveLength(expected);
      // Texts name no title (they quote nothing), so each is told apart by the provider's id.
      const smsIds = rows.filter((row) => row.channel === 'sms').map((row) => row.providerId);
      expect(new Set(smsIds).size).toBe(expected);
      expect(new Set(texts.map((text) => text.sid))).toEqual(new Set(smsIds));
      const pushes = people.flatMap((person) => t.push.receivedBy(person.device!));
      expect(pushes).toHaveLength(expected);
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.toAddress,
            people.map((person) => person.email),
          ),
        );
      expect(mails.filter((mail) => mail.template === 'notification_lifecycle')).toHaveLength(expected);
      expect(new Set(rows.filter((row) => row.channel === 'email').map((row) => row.mailId)).size).toBe(
        expected,
      );
    } finally {
      await second.close();
    }
  });
});

describe('an event that rolls back', () => {
  it('leaves neither its notification nor any delivery', async () => {
    const vendor = await makePerson(t, 'vendor');
    await everywhere(vendor);
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx as unknown as Db, [
          { userId: vendor.id, kind: 'request_status', title: 'Never', message: '' },
        ]);
        throw new Error('the write failed after notifying');
      }),
    ).rejects.toThrow('the write failed');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, vendor.id))).toEqual([]);
    expect(await deliveriesOf(t, vendor.id)).toEqual([]);
  });
});
