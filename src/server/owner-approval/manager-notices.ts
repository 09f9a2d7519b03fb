import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { notify } from '#server/notifications/notify.ts';
import type { RequestParties } from '#server/request-core/lifecycle-access.ts';
import { requestManagerIds } from '#server/request-core/request-managers.ts';

/**
 * Tells a request's managers what became of an approval: a request_status notice each (delivered by
 * their own channel settings) and, with `mail`, also a direct mail (the owner's question, which they
 * answer by mail since the owner has no account).
 */
export async function tellManagers(
  db: DbOrTx,
  parties: RequestParties,
  notice: { title: string; message: string },
  options: { mail?: string } = {},
): Promise<void> {
  const ids = await requestManagerIds(db, {
    createdById: parties.row.createdById,
    projectClientId: parties.projectClientId,
  });
  await notify(
    db,
    ids.map((userId) => ({
      userId,
      kind: 'request_status' as const,
      title: notice.title,
      message: notice.message,
      relatedRequestId: parties.row.id,
    })),
  );
  if (options.mail === undefined || ids.length === 0) return;
  const recipients = await db.select({ email: users.email }).from(users).where(inArray(users.id, ids));
  for (const { email } of recipients) {
    await enqueueMail(db, {
      to: email,
      template: 'owner_approval_question',
      ...renderMail({ subject: notice.title, paragraphs: [notice.message, options.mail] }),
    });
  }
}
