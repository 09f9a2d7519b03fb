import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireStaff } from '../auth/guards.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { forbidden } from '../http/http-error.ts';
import { maskMailLinks } from './mail-link-masking.ts';

const PAGE_SIZE = 10;
const querySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  unmasked: z.enum(['1']).optional().catch(undefined),
});

export const UNMASKED_FOR_SUPERUSERS_ONLY = 'Only a superuser may read mail with its links unmasked.';

/**
 * GET /api/admin/mail/: the newest outbox rows for staff, so the team (and the e2e tests) can read
 * mail the dev transport never delivers. Paged like every list (signed-in spec: results, count,
 * total_pages, current_page), 10 a page. Single-use links are masked (mail-link-masking.ts);
 * `?unmasked=1` shows the bodies whole, to superusers only, and is logged.
 */
export async function adminMailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/mail/', async (request) => {
    const user = requireStaff(request);
    const { page, unmasked } = querySchema.parse(request.query ?? {});
    if (unmasked && !user.isSuperuser) throw forbidden(UNMASKED_FOR_SUPERUSERS_ONLY);
    if (unmasked) request.log.info({ userId: user.id, page }, 'staff mail read with links unmasked');
    const [totals] = await app.db.select({ total: count() }).from(mailOutbox);
    const total = totals?.total ?? 0;
    const rows = await app.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        status: mailOutbox.status,
        created_at: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    return {
      // Only the text body leaves the server; the HTML body carries the same links.
      results: unmasked ? rows : rows.map((row) => ({ ...row, text: maskMailLinks(row.text) })),
      links_masked: !unmasked,
      count: total,
      total_pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      current_page: page,
    };
  });
}
