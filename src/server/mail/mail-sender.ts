import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { SendPace } from '#server/schedule/send-pace.ts';
import type { MailTransport } from './mail-transports.ts';

export const MAIL_SENDER_POLICY = {
  batchSize: 20,
  /** A claimed mail is another process's for this long; a crashed sender's claim lapses. */
  leaseMs: 2 * 60_000,
  /** After this many failed attempts the mail is marked failed (kept, visible to staff). */
  maxAttempts: 12,
  firstRetryMs: 30_000,
  maxRetryMs: 6 * 60 * 60_000,
  pollMs: 2_000,
} as const;

/** 30 s, 1 min, 2 min, ... capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  const delay = MAIL_SENDER_POLICY.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(delay, MAIL_SENDER_POLICY.maxRetryMs);
}

/**
 * Claims due pending mails with `for update skip locked` and a lease in locked_until, so several
 * server processes can share one outbox without sending a mail twice.
 */
async function claimDueMails(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + MAIL_SENDER_POLICY.leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/**
 * Sends the due mails, oldest first, as many as `pace` lets this pass send (claimed a batch at a
 * time, so what is left stays free for the next pass); returns how many were delivered.
 */
export async function sendDueMails(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  pace: SendPace,
  now: Date = new Date(),
): Promise<number> {
  let delivered = 0;
  while (pace.left > 0) {
    const claimed = await claimDueMails(db, now, Math.min(MAIL_SENDER_POLICY.batchSize, pace.left));
    for (const mail of claimed.sort((a, b) => a.id - b.id)) {
      await pace.turn();
      if (await sendOne(db, transport, log, mail, now)) delivered += 1;
    }
    if (claimed.length < MAIL_SENDER_POLICY.batchSize) break;
  }
  return delivered;
}

/** Sends one claimed mail: sent, or back to pending with its retry time, or failed for good. */
async function sendOne(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  mail: typeof mailOutbox.$inferSelect,
  now: Date,
): Promise<boolean> {
  const attempts = mail.attempts + 1;
  try {
    await transport.send({
      id: mail.id,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers ?? {},
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', attempts, sentAt: new Date(), lockedUntil: null, transport: transport.name })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const gaveUp = attempts >= MAIL_SENDER_POLICY.maxAttempts;
    log.warn(
      { mailId: mail.id, attempts, err: message },
      gaveUp ? 'mail failed for good' : 'mail send failed',
    );
    await db
      .update(mailOutbox)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        attempts,
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        lockedUntil: null,
        transport: transport.name,
      })
      .where(eq(mailOutbox.id, mail.id));
    return false;
  }
}
