import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { ADMIN_MAIL_PAGE_SIZE, type AdminMail } from '#shared/admin-mail.ts';

/** One page of the outbox, newest first, with its bodies as stored (the caller masks them). */
export async function listOutboxMail(
  db: DbOrTx,
  page: number,
): Promise<{ items: AdminMail[]; total: number }> {
  const [totals] = await db.select({ total: count() }).from(mailOutbox);
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(ADMIN_MAIL_PAGE_SIZE)
    .offset((page - 1) * ADMIN_MAIL_PAGE_SIZE);
  const items = rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }));
  return { items, total: totals?.total ?? 0 };
}
