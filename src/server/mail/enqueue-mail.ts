import type { Db } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which mail this is (confirm_email, reset_password, ...), shown in the admin list. */
  template?: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Puts a mail in the outbox. Pass the caller's transaction as `db` and the mail is stored only if
 * the caller's write commits; the sender delivers it later, so a slow or failing SMTP server never
 * fails a request.
 */
export async function enqueueMail(db: Db, mail: NewMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      template: mail.template ?? '',
      headers: mail.headers ?? null,
      // Set here, not by the database's now(): PostgreSQL keeps microseconds, the sender compares
      // with a JavaScript Date (milliseconds), and a mail due "now" must not look a moment early.
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
