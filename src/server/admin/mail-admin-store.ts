import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { ADMIN_MAIL_PAGE_SIZE, type AdminMail } from '#shared/admin-mail.ts';
import type { ListPage } from '#shared/list-query.ts';

/** One page of the outbox, newest first, with its bodies as stored (the caller masks them). */
export async function listOutboxMail(db: DbOrTx, page: number): Promise<ListPage<AdminMail>> {
  return readListPage(
    db.select({ total: count() }).from(mailOutbox),
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)),
    { page, pageSize: ADMIN_MAIL_PAGE_SIZE },
    ({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }),
  );
}
