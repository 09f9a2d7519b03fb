import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  adminVisitRequestSchema,
  INBOX_MESSAGES,
  inboxListQuerySchema,
  visitRequestPageSchema,
} from '#shared/admin-inbox.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { changeVisitRequest, findVisitRequest, listVisitRequests } from './inbox-visit-store.ts';

/**
 * The Inbox's Visit requests tab, beside demo requests and contact messages (inbox-routes.ts, whose
 * open counts include these): GET /api/admin/visit-requests/ (newest first, 10 a page, `?state=`,
 * `?search=`), POST .../{id}/handle/ and .../{id}/reopen/ (no body). Staff only: 401 signed out,
 * 403 for anyone else; repeats 409 ALREADY_HANDLED / ALREADY_OPEN, unknown ids 404.
 */
export async function inboxVisitRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const { visitNotFound } = INBOX_MESSAGES;

  const listSchema = {
    summary: 'Visit requests, newest first, 10 a page',
    querystring: inboxListQuerySchema,
    response: { ...errorResponses, 200: visitRequestPageSchema },
  };
  api.get(
    '/api/admin/visit-requests/',
    { schema: listSchema, preValidation: staffFirst },
    async (request) => {
      requireStaff(request);
      return listVisitRequests(app.db, request.query);
    },
  );

  const change = (action: 'handle' | 'reopen') => {
    const schema = {
      summary: action === 'handle' ? 'Mark an open visit request handled' : 'Reopen a handled visit request',
      params: idParamsSchema,
      response: { ...errorResponses, 200: adminVisitRequestSchema },
    };
    const options = { schema, preValidation: staffFirst, config: { notFound: { detail: visitNotFound } } };
    api.post(`/api/admin/visit-requests/:id/${action}/`, options, async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const outcome = await changeVisitRequest(app.db, id, staff, action);
      if (outcome === 'missing') throw notFound(visitNotFound);
      if (outcome === 'conflict') {
        throw action === 'handle'
          ? new HttpError(409, { detail: INBOX_MESSAGES.visitAlreadyHandled, code: 'ALREADY_HANDLED' })
          : new HttpError(409, { detail: INBOX_MESSAGES.visitAlreadyOpen, code: 'ALREADY_OPEN' });
      }
      const item = await findVisitRequest(app.db, id);
      if (!item) throw notFound(visitNotFound);
      return item;
    });
  };
  change('handle');
  change('reopen');
}
