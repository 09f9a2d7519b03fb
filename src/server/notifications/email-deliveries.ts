import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { intArrayLiteral } from '#server/db/array-literal.ts';
import type { Db } from '#server/db/database.ts';
import { notificationDeliveries as d } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import type { NotificationCategory } from '#shared/notification-preferences.ts';
import { DELIVERY_POLICY, NOT_SENT } from './delivery-policy.ts';
import { notificationMail } from './notification-mails.ts';
import { loadRecipients, wants } from './notification-preferences-store.ts';
import { signUnsubscribeToken, unsubscribeSecret } from './unsubscribe-token.ts';

export interface EmailPassResult {
  mailed: number;
  cancelled: number;
}

const skipLocked = { skipLocked: true } as const;

/** A claimed email delivery with what deciding about it needs of its notification (not its text). */
const claimedColumns = {
  id: d.id,
  userId: d.userId,
  batchKey: d.batchKey,
  category: d.category,
  notificationId: d.notificationId,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/**
 * The queued email deliveries of a batch (one thread, one user), locked, those this pass already
 * claimed among them: a few numbers each, however many the thread holds.
 */
async function batchRows(tx: Db, userId: number, batchKey: string) {
  return tx
    .select(claimedColumns)
    .from(d)
    .innerJoin(notifications, eq(notifications.id, d.notificationId))
    .where(
      and(eq(d.channel, 'email'), eq(d.status, 'queued'), eq(d.userId, userId), eq(d.batchKey, batchKey)),
    )
    .for('update', { of: d, ...skipLocked });
}

/** Ids as one array parameter: a flooded batch's ids one by one would pass PostgreSQL's 65,535 parameters. */
const anyOf = (ids: readonly number[]) => sql`= any(${intArrayLiteral(ids)}::int[])`;

/**
 * One batch of due email deliveries, in one transaction: each becomes an outbox mail (messages of
 * one thread to one user become one mail, the thread's later messages included, the newest
 * DELIVERY_POLICY.maxQuoted quoted), and the deliveries are marked sent with the mail's id in the
 * same commit. So the mail outbox's own exactly-once sending and retries carry them from there, and a
 * crash before the commit leaves them queued. A delivery whose notification was read in the app
 * meanwhile, or whose email was switched off, is cancelled instead. Its work is bounded by the
 * deliveries it claims, not by what they say: statements take ids as one array, and only the quoted
 * notifications are read whole.
 */
export async function mailDueEmails(db: Db, publicUrl: string, now: Date): Promise<EmailPassResult> {
  // Before the transaction: on PGlite a query outside it would wait for it to end.
  const secret = await unsubscribeSecret(db);
  return db.transaction(async (tx) => {
    const due = await tx
      .select(claimedColumns)
      .from(d)
      .innerJoin(notifications, eq(notifications.id, d.notificationId))
      .where(and(eq(d.channel, 'email'), eq(d.status, 'queued'), lte(d.sendAfter, now)))
      .orderBy(asc(d.sendAfter), asc(d.id))
      .limit(DELIVERY_POLICY.batchSize)
      .for('update', { of: d, ...skipLocked });
    if (due.length === 0) return { mailed: 0, cancelled: 0 };

    const groups = new Map<string, typeof due>();
    for (const row of due) {
      const key = row.batchKey ? `${row.userId}|${row.batchKey}` : `single|${row.id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const [key, rows] of groups) {
      const { batchKey, userId } = rows[0]!;
      // The whole batch, this pass's claims included (a transaction's own locks do not skip it).
      if (batchKey) groups.set(key, await batchRows(tx, userId, batchKey));
    }

    const recipients = await loadRecipients(
      tx,
      [...groups.values()].map((rows) => rows[0]!.userId),
    );
    const plans = [...groups.values()].map((rows) => {
      const unread = rows
        .filter((row) => !row.isRead)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.notificationId - b.notificationId);
      return { rows, unread, quoted: unread.slice(-DELIVERY_POLICY.maxQuoted) };
    });
    const quotedIds = plans.flatMap((plan) => plan.quoted.map((row) => row.notificationId));
    const notes =
      quotedIds.length === 0
        ? []
        : await tx
            .select()
            .from(notifications)
            .where(sql`${notifications.id} ${anyOf(quotedIds)}`);
    const noteById = new Map(notes.map((note) => [note.id, note]));

    let mailed = 0;
    let cancelled = 0;
    const cancel = async (ids: number[], reason: string) => {
      if (ids.length === 0) return;
      cancelled += ids.length;
      await tx
        .update(d)
        .set({ status: 'cancelled', lastError: reason, lockedUntil: null })
        .where(sql`${d.id} ${anyOf(ids)}`);
    };
    for (const { rows, unread, quoted } of plans) {
      const recipient = recipients.get(rows[0]!.userId);
      const category = rows[0]!.category as NotificationCategory;
      if (!recipient || !wants(recipient, category, 'email')) {
        await cancel(
          rows.map((row) => row.id),
          NOT_SENT.turnedOff,
        );
        continue;
      }
      const unreadIds = new Set(unread.map((row) => row.id));
      await cancel(
        rows.filter((row) => !unreadIds.has(row.id)).map((row) => row.id),
        NOT_SENT.read,
      );
      if (unread.length === 0) continue;
      const token = signUnsubscribeToken(secret, recipient.id, category);
      const mail = notificationMail({
        publicUrl,
        recipient,
        category,
        items: quoted.map((row) => noteById.get(row.notificationId)!),
        total: unread.length,
        unsubscribeUrl: `${publicUrl}/unsubscribe/${token}`,
      });
      const mailId = await enqueueMail(tx, mail);
      await tx
        .update(d)
        .set({
          status: 'sent',
          mailId,
          sentAt: now,
          attempts: 1,
          recipient: recipient.email,
          content: mail.subject,
          lockedUntil: null,
        })
        .where(sql`${d.id} ${anyOf([...unreadIds])}`);
      mailed += 1;
    }
    return { mailed, cancelled };
  });
}
