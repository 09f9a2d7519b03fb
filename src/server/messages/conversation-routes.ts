import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff, requireUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { type CachedJson, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { type ReadDep, readDep } from '#server/cache/read-deps.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { requestViewer } from '#server/request-core/request-viewer.ts';
import { type Conversation, conversationListSchema, conversationTitle } from '#shared/message-schemas.ts';
import { canViewRequest, type VisibilityViewer } from '#shared/request-visibility.ts';
import { loadThreads, type ThreadRow } from './conversation-store.ts';

/**
 * A vendor keeps only the threads of requests it may still see (signed-in spec, section 6). Its
 * threads are its own, so whether it is invited comes with each row.
 */
function stillVisible(viewer: VisibilityViewer | null, rows: ThreadRow[]): ThreadRow[] {
  if (viewer === null) return rows;
  return rows.filter((row) =>
    canViewRequest(viewer, {
      createdById: row.created_by_id,
      projectClientId: row.client_id,
      type: row.type,
      inviteAll: row.invite_all,
      invitedVendorIds: row.vendor_invited ? [row.vendor_id] : [],
      openToVendors: row.open_to_vendors,
    }),
  );
}

/**
 * What a conversations list depends on: the threads of the user's side (a vendor's own; a manager's
 * client's; the requests staff raised), and each listed thread's request, property, client and people.
 */
function conversationDeps(user: UserRow, rows: readonly ThreadRow[]): ReadDep[] {
  const deps: ReadDep[] = [readDep.user(user.id)];
  if (user.type === 'vendor') deps.push(readDep.vendorThreads(user.id));
  if (user.type === 'property_manager' && user.clientId !== null)
    deps.push(readDep.clientThreads(user.clientId));
  if (isStaff(user)) deps.push(readDep.raisedThreads(user.id));
  for (const row of rows) {
    deps.push(readDep.request(row.request_id));
    if (row.project_id !== null) deps.push(readDep.property(row.project_id));
    if (row.client_id !== null) deps.push(readDep.client(row.client_id));
    deps.push(readDep.user(row.created_by_id), readDep.user(row.vendor_id));
  }
  return deps;
}

/** GET /api/messages/conversations/ (signed-in spec, sections 2, 3 and 7). */
export async function conversationRoutes(app: FastifyInstance): Promise<void> {
  const lists = new CachedRead<CachedJson>('conversations', app.changeFeed.versions);
  const schema = {
    summary: "The user's conversations (one per request and vendor), newest activity first",
    response: { ...errorResponses, 200: conversationListSchema },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/messages/conversations/', { schema }, async (request, reply) => {
      const user = requireUser(request);
      const asker = await requestViewer(request);
      const viewer = user.type === 'vendor' ? asker : null;
      // Whose threads these are (loadThreads) and, for a vendor, what it may still see (stillVisible).
      return sendCached(request, reply, lists, { asker, query: [] }, async () => {
        const threads = await loadThreads(app.db, user);
        const rows = stillVisible(viewer, threads);
        const body: Conversation[] = rows.map((row) => ({
          request_id: row.request_id,
          title: conversationTitle(row.type, row.request_id),
          unread_count: row.unread_count,
          participants: { property: row.property ?? '', manager: row.manager },
          last_message: row.last_message,
          timestamp: new Date(row.timestamp).toISOString(),
          vendor: { id: row.vendor_id, name: row.vendor_name },
        }));
        // Every thread read, the hidden ones too: a change to one may bring it back.
        return { body, deps: conversationDeps(user, threads) };
      });
    });
}
