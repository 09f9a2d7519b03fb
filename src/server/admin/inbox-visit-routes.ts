import type { FastifyInstance } from 'fastify';
import { INBOX_MESSAGES, inboxListQuerySchema } from '#shared/admin-inbox.ts';
import { requireStaff } from '../auth/guards.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { findVisitRequest, listVisitRequests, setVisitRequestHandled } from './inbox-visit-store.ts';
import { auditVisitRequestChange } from './visit-request-audit.ts';

type IdParams = { Params: { id: string } };

const notFound = () => new HttpError(404, { detail: INBOX_MESSAGES.visitNotFound });

/** A path id: digits only (anything else, or a number past the column's range, is simply not found). */
function rowId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * The Inbox's Visit requests tab, beside demo requests and contact messages (inbox-routes.ts, whose
 * open counts include these): GET /api/admin/visit-requests/ (newest first, 10 a page, `?state=`,
 * `?search=`), POST .../{id}/handle/ and .../{id}/reopen/ (no body). Staff only: 401 signed out,
 * 403 for anyone else; repeats 409 ALREADY_HANDLED / ALREADY_OPEN, unknown ids 404.
 */
export async function inboxVisitRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/visit-requests/', async (request) => {
    requireStaff(request);
    return listVisitRequests(app.db, parseInput(inboxListQuerySchema, request.query));
  });

  const change = (action: 'handle' | 'reopen') =>
    app.post<IdParams>(`/api/admin/visit-requests/:id/${action}/`, async (request) => {
      const staff = requireStaff(request);
      const id = rowId(request.params.id);
      // The change and its audit entry in one transaction.
      const outcome = await app.db.transaction(async (tx) => {
        const result = await setVisitRequestHandled(tx, id, action === 'handle' ? staff.id : null);
        if (result === 'changed') await auditVisitRequestChange(tx, staff, id, action);
        return result;
      });
      if (outcome === 'missing') throw notFound();
      if (outcome === 'conflict') {
        throw action === 'handle'
          ? new HttpError(409, { detail: INBOX_MESSAGES.visitAlreadyHandled, code: 'ALREADY_HANDLED' })
          : new HttpError(409, { detail: INBOX_MESSAGES.visitAlreadyOpen, code: 'ALREADY_OPEN' });
      }
      const item = await findVisitRequest(app.db, id);
      if (!item) throw notFound();
      return item;
    });
  change('handle');
  change('reopen');
}
