import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries } from '#server/db/schema/notification-deliveries.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  everywhere,
  makePerson,
  notifyAll,
  startDeliveryApp,
  textsTo,
} from '../support/delivery-app.ts';

/*
 * PostgreSQL only (vitest.config.ts): a second server's claim on a delivery is a row lock held until
 * its transaction ends, which the sender passes over (`for update skip locked`). PGlite has one
 * connection: a transaction held open here would stop the sender itself.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

describe('a delivery another server is sending', () => {
  it('is left to it (skip locked), and the rest go out meanwhile', async () => {
    const busy = await makePerson(t, 'vendor', { device: false });
    const free = await makePerson(t, 'vendor', { device: false });
    await everywhere(busy);
    await everywhere(free);
    await notifyAll(t, [busy, free], 'Locked elsewhere');
    const [held] = (await deliveriesOf(t, busy.id)).filter((d) => d.channel === 'sms');
    await t.db.transaction(async (tx) => {
      // As another process's claim holds the row until its transaction ends.
      await tx
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.id, held!.id))
        .for('update');
      await t.app.flushDeliveries();
      expect(textsTo(t, free.phone)).toHaveLength(1);
      expect(textsTo(t, busy.phone)).toEqual([]);
    });
    await t.app.flushDeliveries();
    expect(textsTo(t, busy.phone)).toHaveLength(1);
  });
});
