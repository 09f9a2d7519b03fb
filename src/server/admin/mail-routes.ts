import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireStaff } from '../auth/guards.ts';
import { mailOutbox } from '../db/schema/mail.ts';

const PAGE_SIZE = 10;
const querySchema = z.object({ page: z.coerce.number().int().min(1).catch(1) });

/**
 * GET /api/admin/mail/: the newest outbox rows for staff, so the team (and the e2e tests) can read
 * mail the dev transport never delivers. Paged like every list (signed-in spec: results, count,
 * total_pages, current_page), 10 a page.
 */
export async function adminMailRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/mail/', async (request) => {
    requireStaff(request);
    const { page } = querySchema.parse(request.query ?? {});
    const [totals] = await app.db.select({ total: count() }).from(mailOutbox);
    const total = totals?.total ?? 0;
    const results = await app.db
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
      results,
      count: total,
      total_pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      current_page: page,
    };
  });
}
