import { and, asc, eq, inArray, lte, notInArray } from 'drizzle-orm';
import type { NotificationCategory } from '#shared/notification-preferences.ts';
import type { Db } from '../db/database.ts';
import { notificationDeliveries as d } from '../db/schema/notification-deliveries.ts';
import { notifications } from '../db/schema/notifications.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { DELIVERY_POLICY, NOT_SENT } from './delivery-policy.ts';
import { notificationMail } from './notification-mails.ts';
import { loadRecipients, wants } from './notification-preferences-store.ts';
import { signUnsubscribeToken, unsubscribeSecret } from './unsubscribe-token.ts';

export interface EmailPassResult {
  mailed: number;
  cancelled: number;
}

const skipLocked = { skipLocked: true } as const;

/** The queued email deliveries of a batch (one thread, one user) other than those already claimed. */
async function batchMates(tx: Db, userId: number, batchKey: string, claimed: readonly number[]) {
  return tx
    .select({
      id: d.id,
      userId: d.userId,
      batchKey: d.batchKey,
      category: d.category,
      notificationId: d.notificationId,
    })
    .from(d)
    .where(
      and(
        eq(d.channel, 'email'),
        eq(d.status, 'queued'),
        eq(d.userId, userId),
        eq(d.batchKey, batchKey),
        notInArray(d.id, [...claimed]),
      ),
    )
    .for('update', skipLocked);
}

/**
 * One batch of due email deliveries, in one transaction: each becomes an outbox mail (messages of
 * one thread to one user become one mail, the thread's later messages included), and the deliveries
 * are marked sent with the mail's id in the same commit. So the mail outbox's own exactly-once
 * sending and retries carry them from there, and a crash before the commit leaves them queued.
 * A delivery whose notification was read in the app meanwhile, or whose email was switched off, is
 * cancelled instead.
 */
export async function mailDueEmails(db: Db, publicUrl: string, now: Date): Promise<EmailPassResult> {
  // Before the transaction: on PGlite a query outside it would wait for it to end.
  const secret = await unsubscribeSecret(db);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: d.id,
        userId: d.userId,
        batchKey: d.batchKey,
        category: d.category,
        notificationId: d.notificationId,
      })
      .from(d)
      .where(and(eq(d.channel, 'email'), eq(d.status, 'queued'), lte(d.sendAfter, now)))
      .orderBy(asc(d.sendAfter), asc(d.id))
      .limit(DELIVERY_POLICY.batchSize)
      .for('update', skipLocked);
    if (due.length === 0) return { mailed: 0, cancelled: 0 };

    const groups = new Map<string, typeof due>();
    for (const row of due) {
      const key = row.batchKey ? `${row.userId}|${row.batchKey}` : `single|${row.id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const claimedIds = due.map((row) => row.id);
    for (const rows of groups.values()) {
      const { batchKey, userId } = rows[0]!;
      if (batchKey) rows.push(...(await batchMates(tx, userId, batchKey, claimedIds)));
    }

    const all = [...groups.values()].flat();
    const notes = await tx
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          all.map((row) => row.notificationId),
        ),
      );
    const noteById = new Map(notes.map((note) => [note.id, note]));
    const recipients = await loadRecipients(
      tx,
      all.map((row) => row.userId),
    );

    let mailed = 0;
    let cancelled = 0;
    const cancel = async (ids: number[], reason: string) => {
      if (ids.length === 0) return;
      cancelled += ids.length;
      await tx
        .update(d)
        .set({ status: 'cancelled', lastError: reason, lockedUntil: null })
        .where(inArray(d.id, ids));
    };
    for (const rows of groups.values()) {
      const recipient = recipients.get(rows[0]!.userId);
      const category = rows[0]!.category as NotificationCategory;
      if (!recipient || !wants(recipient, category, 'email')) {
        await cancel(
          rows.map((row) => row.id),
          NOT_SENT.turnedOff,
        );
        continue;
      }
      const unread = rows
        .map((row) => ({ row, note: noteById.get(row.notificationId)! }))
        .filter(({ note }) => note && !note.isRead)
        .sort((a, b) => a.note.createdAt.getTime() - b.note.createdAt.getTime() || a.note.id - b.note.id);
      const unreadIds = new Set(unread.map(({ row }) => row.id));
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
        items: unread.map(({ note }) => note),
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
        .where(inArray(d.id, [...unreadIds]));
      mailed += 1;
    }
    return { mailed, cancelled };
  });
}
