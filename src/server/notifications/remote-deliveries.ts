import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { notificationDeliveries as d } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { PushSendError, type PushTransport } from '#server/push/push-transport.ts';
import type { SendPace } from '#server/schedule/send-pace.ts';
import { maskedNumber, profileDigitsOf } from '#server/sms/sms-number.ts';
import { setTextsForNumber } from '#server/sms/sms-opt-out-store.ts';
import { notificationText } from '#server/sms/sms-texts.ts';
import { SmsSendError, type SmsTransport } from '#server/sms/sms-transports.ts';
import type { NotificationCategory } from '#shared/notification-preferences.ts';
import { notificationPath } from '#shared/notification-targets.ts';
import { DELIVERY_POLICY, deliveryRetryDelayMs, forEachLimited, NOT_SENT } from './delivery-policy.ts';
import { loadRecipients, type Recipient, wants } from './notification-preferences-store.ts';
import { isQuietAt, quietUntil } from './quiet-hours.ts';

export interface RemoteChannels {
  sms: SmsTransport;
  /**
   * Asked only when a push is due (the embedded default makes its VAPID keys on first use); null when
   * this server has no keys: pushes then fail with that reason.
   */
  push: () => Promise<PushTransport | null>;
}

export interface RemotePassResult {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  held: number;
}

type Delivery = typeof d.$inferSelect;
type Outcome = keyof RemotePassResult;

/** The channels this sender calls out on, each with its pass's pace (the provider's rate limit). */
export type RemotePaces = Record<'sms' | 'push', SendPace>;

/**
 * Claims due deliveries of one channel, at most `limit`: `for update skip locked` picks rows no
 * other process is sending, and the lease in locked_until keeps them this process's while it calls
 * out (a crashed sender's lease lapses and any process sends them later).
 */
async function claimDue(db: Db, now: Date, channel: 'sms' | 'push', limit: number): Promise<Delivery[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.channel, channel),
        inArray(d.status, ['queued', 'held']),
        lte(d.sendAfter, now),
        or(isNull(d.lockedUntil), lt(d.lockedUntil, now)),
      ),
    )
    .orderBy(asc(d.sendAfter), asc(d.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(d)
    .set({ lockedUntil: new Date(now.getTime() + DELIVERY_POLICY.leaseMs) })
    .where(inArray(d.id, due))
    .returning();
}

/** A STOP the provider reported (Twilio 21610): texts to that number end for every account with it. */
async function stopTextsTo(db: Db, number: string): Promise<void> {
  const digits = profileDigitsOf(number);
  if (digits) await setTextsForNumber(db, digits, false);
}

/**
 * Sends one batch of due texts and pushes (at most DELIVERY_POLICY.concurrency at once, each
 * channel no faster than its pace lets it, and only as many as its pace has left). Each ends
 * `sent`; `held` again when it came due inside quiet hours; `cancelled` when read in the app or
 * switched off meanwhile; back to `queued` with a later time after a failure that may pass (30 s
 * doubling to an hour); `failed` with its reason after one that cannot, or after maxAttempts.
 */
export async function sendDueRemote(
  db: Db,
  channels: RemoteChannels,
  publicUrl: string,
  log: FastifyBaseLogger,
  paces: RemotePaces,
  now: Date,
): Promise<RemotePassResult & { claimed: number }> {
  const claimed = [
    ...(await claimDue(db, now, 'sms', Math.min(DELIVERY_POLICY.batchSize, paces.sms.left))),
    ...(await claimDue(db, now, 'push', Math.min(DELIVERY_POLICY.batchSize, paces.push.left))),
  ];
  const result: RemotePassResult = { sent: 0, retried: 0, failed: 0, cancelled: 0, held: 0 };
  if (claimed.length === 0) return { ...result, claimed: 0 };

  const notes = await db
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.id,
        claimed.map((row) => row.notificationId),
      ),
    );
  const noteById = new Map(notes.map((note) => [note.id, note]));
  const recipients = await loadRecipients(
    db,
    claimed.map((row) => row.userId),
  );
  const deviceIds = claimed.filter((row) => row.channel === 'push').map((row) => row.deviceId);
  const devices = deviceIds.length
    ? await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, deviceIds))
    : [];
  const deviceById = new Map(devices.map((device) => [device.id, device]));

  const finish = async (row: Delivery, outcome: Outcome, set: Partial<typeof d.$inferInsert>) => {
    result[outcome] += 1;
    await db
      .update(d)
      .set({ lockedUntil: null, ...set })
      .where(eq(d.id, row.id));
  };

  const deliver = async (row: Delivery, recipient: Recipient, note: (typeof notes)[number]) => {
    const category = row.category as NotificationCategory;
    const attempts = row.attempts + 1;
    try {
      if (row.channel === 'sms') {
        const to = recipient.smsNumber!;
        const body = notificationText(publicUrl, recipient.role, note);
        const { providerId } = await channels.sms.send({ deliveryId: row.id, to, body });
        await finish(row, 'sent', {
          status: 'sent',
          attempts,
          sentAt: new Date(),
          recipient: maskedNumber(to),
          content: body,
          providerId,
        });
        return;
      }
      const device = deviceById.get(row.deviceId)!;
      const push = await channels.push();
      if (!push) throw new PushSendError('Web Push is not set up on this server (no VAPID keys).', false);
      const payload = {
        title: note.title,
        body: note.message,
        url: notificationPath(recipient.role, note),
        tag: `notification-${note.id}`,
      };
      await push.send({
        deliveryId: row.id,
        subscription: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        topic: `n${note.id}`,
        urgency: category === 'messages' || category === 'bid_results' ? 'high' : 'normal',
      });
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, device.id));
      await finish(row, 'sent', {
        status: 'sent',
        attempts,
        sentAt: new Date(),
        recipient: `device #${device.id}`,
        content: `${payload.title}: ${payload.body}`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const known = error instanceof SmsSendError || error instanceof PushSendError;
      if (error instanceof SmsSendError && error.optedOut) await stopTextsTo(db, recipient.smsNumber!);
      if (error instanceof PushSendError && error.gone) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.deviceId));
      }
      const final = (known && error.permanent) || attempts >= DELIVERY_POLICY.maxAttempts;
      // What a push service answered goes to the operators' log only, never to the delivery.
      const answer = error instanceof PushSendError ? error.serviceAnswer : undefined;
      log.warn(
        { deliveryId: row.id, channel: row.channel, attempts, err: reason, ...(answer ? { answer } : {}) },
        final ? 'delivery failed for good' : 'delivery failed, will retry',
      );
      await finish(
        row,
        final ? 'failed' : 'retried',
        final
          ? { status: 'failed', attempts, lastError: reason.slice(0, 1000) }
          : {
              status: 'queued',
              attempts,
              lastError: reason.slice(0, 1000),
              sendAfter: new Date(now.getTime() + deliveryRetryDelayMs(attempts)),
            },
      );
    }
  };

  await forEachLimited(claimed, DELIVERY_POLICY.concurrency, async (row) => {
    const note = noteById.get(row.notificationId);
    const recipient = recipients.get(row.userId);
    const category = row.category as NotificationCategory;
    if (!note || note.isRead)
      return finish(row, 'cancelled', { status: 'cancelled', lastError: NOT_SENT.read });
    if (!recipient || !wants(recipient, category, row.channel)) {
      const reason =
        row.channel !== 'sms' || !recipient
          ? NOT_SENT.turnedOff
          : recipient.smsNumber === null
            ? NOT_SENT.noNumber
            : !recipient.smsConfirmed
              ? NOT_SENT.unconfirmed
              : NOT_SENT.turnedOff;
      return finish(row, 'cancelled', { status: 'cancelled', lastError: reason });
    }
    if (row.channel === 'push' && !deviceById.has(row.deviceId)) {
      return finish(row, 'cancelled', { status: 'cancelled', lastError: NOT_SENT.noDevice });
    }
    // Due inside quiet hours (a retry, or hours set after it was queued): held until they end.
    if (recipient.quiet?.enabled && isQuietAt(recipient.quiet, now)) {
      return finish(row, 'held', { status: 'held', sendAfter: quietUntil(recipient.quiet, now) });
    }
    await paces[row.channel as 'sms' | 'push'].turn();
    return deliver(row, recipient, note);
  });
  return { ...result, claimed: claimed.length };
}
