import type { FastifyInstance } from 'fastify';
import {
  handleDemoRequestSchema,
  INBOX_MESSAGES,
  type InboxListQuery,
  inboxListQuerySchema,
} from '#shared/admin-inbox.ts';
import type { ListPage } from '#shared/list-query.ts';
import { requireStaff } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import {
  changeContactMessage,
  changeDemoRequest,
  countOpen,
  findContactMessage,
  findDemoRequest,
  type InboxChange,
  listContactMessages,
  listDemoRequests,
} from './inbox-store.ts';

type IdParams = { Params: { id: string } };

/** A path id: digits only (anything else, or a number past the column's range, is simply not found). */
function rowId(raw: string, notFound: () => HttpError): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The answer to a handle or reopen: the row as it is now, or 404, or 409 with why. */
async function answerChange<Item>(
  change: InboxChange,
  conflict: (change: Extract<InboxChange, { outcome: 'conflict' }>) => HttpError,
  notFound: () => HttpError,
  reload: () => Promise<Item | null>,
): Promise<Item> {
  if (change.outcome === 'missing') throw notFound();
  if (change.outcome === 'conflict') throw conflict(change);
  const item = await reload();
  if (!item) throw notFound();
  return item;
}

const alreadyHandled = (detail: string) => new HttpError(409, { detail, code: 'ALREADY_HANDLED' });
const alreadyOpen = (detail: string) => new HttpError(409, { detail, code: 'ALREADY_OPEN' });

/** One list route: staff only, the shared query, the paging shape. */
function listRoute<Item>(
  app: FastifyInstance,
  path: string,
  load: (db: Db, query: InboxListQuery) => Promise<ListPage<Item>>,
) {
  app.get(path, async (request) => {
    requireStaff(request);
    return load(app.db, parseInput(inboxListQuerySchema, request.query));
  });
}

/**
 * The admin console's Inbox (DESIGN.md, "Beyond the spec": staff read demo requests and contact
 * messages). Lists newest first, 10 a page, `?state=open|handled` and `?search=`; handle and reopen
 * record who and when. Every handler is staff only: 401 signed out, 403 for anyone else.
 */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const demoNotFound = () => new HttpError(404, { detail: INBOX_MESSAGES.demoNotFound });
  const contactNotFound = () => new HttpError(404, { detail: INBOX_MESSAGES.contactNotFound });

  app.get('/api/admin/inbox/counts/', async (request) => {
    requireStaff(request);
    return countOpen(app.db);
  });

  listRoute(app, '/api/admin/demo-requests/', listDemoRequests);
  listRoute(app, '/api/admin/contact-messages/', listContactMessages);

  app.post<IdParams>('/api/admin/demo-requests/:id/handle/', async (request) => {
    const staff = requireStaff(request);
    const id = rowId(request.params.id, demoNotFound);
    const { status } = parseInput(handleDemoRequestSchema, request.body);
    return answerChange(
      await changeDemoRequest(app.db, id, staff, status),
      (conflict) => alreadyHandled(INBOX_MESSAGES.demoAlreadyHandled(conflict.status)),
      demoNotFound,
      () => findDemoRequest(app.db, id),
    );
  });

  app.post<IdParams>('/api/admin/demo-requests/:id/reopen/', async (request) => {
    const staff = requireStaff(request);
    const id = rowId(request.params.id, demoNotFound);
    return answerChange(
      await changeDemoRequest(app.db, id, staff, 'reopen'),
      () => alreadyOpen(INBOX_MESSAGES.demoAlreadyOpen),
      demoNotFound,
      () => findDemoRequest(app.db, id),
    );
  });

  app.post<IdParams>('/api/admin/contact-messages/:id/handle/', async (request) => {
    const staff = requireStaff(request);
    const id = rowId(request.params.id, contactNotFound);
    return answerChange(
      await changeContactMessage(app.db, id, staff, 'handle'),
      () => alreadyHandled(INBOX_MESSAGES.contactAlreadyHandled),
      contactNotFound,
      () => findContactMessage(app.db, id),
    );
  });

  app.post<IdParams>('/api/admin/contact-messages/:id/reopen/', async (request) => {
    const staff = requireStaff(request);
    const id = rowId(request.params.id, contactNotFound);
    return answerChange(
      await changeContactMessage(app.db, id, staff, 'reopen'),
      () => alreadyOpen(INBOX_MESSAGES.contactAlreadyOpen),
      contactNotFound,
      () => findContactMessage(app.db, id),
    );
  });
}
