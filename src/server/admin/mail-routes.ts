import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { forbidden } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { ADMIN_MAIL_MESSAGES, adminMailPageSchema, adminMailQuerySchema } from '#shared/admin-mail.ts';
import { listOutboxMail } from './mail-admin-store.ts';
import { maskMailLinks } from './mail-link-masking.ts';

/**
 * GET /api/admin/mail/: the newest outbox rows for staff, so the team (and the e2e tests) can read
 * mail the dev transport never delivers. Paged like every list (signed-in spec: results, count,
 * total_pages, current_page), 10 a page. Single-use links are masked (mail-link-masking.ts);
 * `?unmasked=1` shows the bodies whole, to superusers only, and is logged.
 */
export async function adminMailRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Sent mail, newest first, with single-use links masked unless a superuser asks',
    querystring: adminMailQuerySchema,
    response: { ...errorResponses, 200: adminMailPageSchema },
  };
  api.get('/api/admin/mail/', { schema, preValidation: checkFirst(requireStaff) }, async (request) => {
    const user = requireStaff(request);
    const { page, unmasked } = request.query;
    if (unmasked && !user.isSuperuser) throw forbidden(ADMIN_MAIL_MESSAGES.unmaskedSuperuserOnly);
    if (unmasked) request.log.info({ userId: user.id, page }, 'staff mail read with links unmasked');
    const { results, ...paging } = await listOutboxMail(app.db, page);
    return {
      // Only the text body leaves the server; the HTML body carries the same links.
      results: unmasked ? results : results.map((row) => ({ ...row, text: maskMailLinks(row.text) })),
      links_masked: !unmasked,
      ...paging,
    };
  });
}
