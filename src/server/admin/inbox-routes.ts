import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  adminContactMessageSchema,
  adminDemoRequestSchema,
  contactMessagePageSchema,
  demoRequestPageSchema,
  handleDemoRequestSchema,
  INBOX_MESSAGES,
  inboxCountsSchema,
  inboxListQuerySchema,
} from '#shared/admin-inbox.ts';
import { idParamsSchema } from '#shared/record-id.ts';
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

/** The answer to a handle or reopen: the row as it is now, or 404, or 409 with why. */
async function answerChange<Item>(
  change: InboxChange,
  conflict: (change: Extract<InboxChange, { outcome: 'conflict' }>) => HttpError,
  missing: string,
  reload: () => Promise<Item | null>,
): Promise<Item> {
  if (change.outcome === 'missing') throw notFound(missing);
  if (change.outcome === 'conflict') throw conflict(change);
  const item = await reload();
  if (!item) throw notFound(missing);
  return item;
}

const alreadyHandled = (detail: string) => new HttpError(409, { detail, code: 'ALREADY_HANDLED' });
const alreadyOpen = (detail: string) => new HttpError(409, { detail, code: 'ALREADY_OPEN' });

/**
 * The admin console's Inbox (DESIGN.md, "Beyond the spec": staff read demo requests and contact
 * messages). Lists newest first, 10 a page, `?state=open|handled` and `?search=`; handle and reopen
 * record who and when. Every handler is staff only: 401 signed out, 403 for anyone else.
 */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const { demoNotFound, contactNotFound } = INBOX_MESSAGES;
  const demoConfig = { notFound: { detail: demoNotFound } };
  const contactConfig = { notFound: { detail: contactNotFound } };

  const countsSchema = {
    summary: 'How many demo requests, contact messages and visit requests are open',
    response: { ...errorResponses, 200: inboxCountsSchema },
  };
  api.get('/api/admin/inbox/counts/', { schema: countsSchema }, async (request) => {
    requireStaff(request);
    return countOpen(app.db);
  });

  const demoListSchema = {
    summary: 'Demo requests, newest first, 10 a page',
    querystring: inboxListQuerySchema,
    response: { ...errorResponses, 200: demoRequestPageSchema },
  };
  api.get(
    '/api/admin/demo-requests/',
    { schema: demoListSchema, preValidation: staffFirst },
    async (request) => {
      requireStaff(request);
      return listDemoRequests(app.db, request.query);
    },
  );

  const contactListSchema = {
    summary: 'Contact messages, newest first, 10 a page',
    querystring: inboxListQuerySchema,
    response: { ...errorResponses, 200: contactMessagePageSchema },
  };
  api.get(
    '/api/admin/contact-messages/',
    { schema: contactListSchema, preValidation: staffFirst },
    async (request) => {
      requireStaff(request);
      return listContactMessages(app.db, request.query);
    },
  );

  const demoHandleSchema = {
    summary: 'Approve or decline an open demo request',
    params: idParamsSchema,
    body: handleDemoRequestSchema,
    response: { ...errorResponses, 200: adminDemoRequestSchema },
  };
  api.post(
    '/api/admin/demo-requests/:id/handle/',
    { schema: demoHandleSchema, preValidation: staffFirst, config: demoConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      return answerChange(
        await changeDemoRequest(app.db, id, staff, request.body.status),
        (conflict) => alreadyHandled(INBOX_MESSAGES.demoAlreadyHandled(conflict.status)),
        demoNotFound,
        () => findDemoRequest(app.db, id),
      );
    },
  );

  const demoReopenSchema = {
    summary: 'Reopen a handled demo request (its status back to new)',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminDemoRequestSchema },
  };
  api.post(
    '/api/admin/demo-requests/:id/reopen/',
    { schema: demoReopenSchema, preValidation: staffFirst, config: demoConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      return answerChange(
        await changeDemoRequest(app.db, id, staff, 'reopen'),
        () => alreadyOpen(INBOX_MESSAGES.demoAlreadyOpen),
        demoNotFound,
        () => findDemoRequest(app.db, id),
      );
    },
  );

  const contactHandleSchema = {
    summary: 'Mark an open contact message handled',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminContactMessageSchema },
  };
  api.post(
    '/api/admin/contact-messages/:id/handle/',
    { schema: contactHandleSchema, preValidation: staffFirst, config: contactConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      return answerChange(
        await changeContactMessage(app.db, id, staff, 'handle'),
        () => alreadyHandled(INBOX_MESSAGES.contactAlreadyHandled),
        contactNotFound,
        () => findContactMessage(app.db, id),
      );
    },
  );

  const contactReopenSchema = {
    summary: 'Reopen a handled contact message',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminContactMessageSchema },
  };
  api.post(
    '/api/admin/contact-messages/:id/reopen/',
    { schema: contactReopenSchema, preValidation: staffFirst, config: contactConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      return answerChange(
        await changeContactMessage(app.db, id, staff, 'reopen'),
        () => alreadyOpen(INBOX_MESSAGES.contactAlreadyOpen),
        contactNotFound,
        () => findContactMessage(app.db, id),
      );
    },
  );
}
