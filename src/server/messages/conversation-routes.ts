import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff, requireUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { cacheTag } from '#server/cache/cache-changes.ts';
import { sendCached } from '#server/cache/cached-answer.ts';
import { ReadCache } from '#server/cache/read-cache.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { requestViewer, viewerKey } from '#server/request-core/request-viewer.ts';
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
 * The tags of a conversations list: the threads of the user's side (a vendor's own; a manager's
 * client's; the requests staff raised), and each listed thread's request, property, client and people.
 */
function conversationTags(user: UserRow, rows: readonly ThreadRow[]): string[] {
  const tags = new Set<string>([cacheTag.user(user.id)]);
  if (user.type === 'vendor') tags.add(cacheTag.vendorThreads(user.id));
  if (user.type === 'property_manager' && user.clientId !== null)
    tags.add(cacheTag.clientThreads(user.clientId));
  if (isStaff(user)) tags.add(cacheTag.raisedThreads(user.id));
  for (const row of rows) {
    tags.add(cacheTag.request(row.request_id));
    if (row.project_id !== null) tags.add(cacheTag.property(row.project_id));
    if (row.client_id !== null) tags.add(cacheTag.client(row.client_id));
    tags.add(cacheTag.user(row.created_by_id));
    tags.add(cacheTag.user(row.vendor_id));
  }
  return [...tags];
}

/** GET /api/messages/conversations/ (signed-in spec, sections 2, 3 and 7). */
export async function conversationRoutes(app: FastifyInstance): Promise<void> {
  const lists = new ReadCache(app.changeFeed.versions);
  const schema = {
    summary: "The user's conversations (one per request and vendor), newest activity first",
    response: { ...errorResponses, 200: conversationListSchema },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/messages/conversations/', { schema }, async (request, reply) => {
      const user = requireUser(request);
      const viewer = user.type === 'vendor' ? await requestViewer(request) : null;
      // Whose threads these are (loadThreads) and, for a vendor, what it may still see (stillVisible).
      const key = JSON.stringify([
        user.id,
        user.type,
        user.clientId,
        isStaff(user),
        viewer ? viewerKey(viewer) : null,
      ]);
      return sendCached(request, reply, lists, key, async () => {
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
        return { body, tags: conversationTags(user, threads) };
      });
    });
}
