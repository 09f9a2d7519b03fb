import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStaff, requireUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';

/**
 * The signed-in user as the visibility rule sees it: a vendor brings its service categories and
 * whether staff have approved it (a vendor without an approved profile awaits approval; staff never).
 */
export async function loadViewer(db: DbOrTx, user: UserRow): Promise<VisibilityViewer> {
  let serviceCategories: string[] = [];
  let approved = true;
  if (user.type === 'vendor') {
    const [profile] = await db
      .select({ serviceCategories: vendorProfiles.serviceCategories, approvedAt: vendorProfiles.approvedAt })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, user.id));
    serviceCategories = profile?.serviceCategories ?? [];
    approved = isStaff(user) || (profile?.approvedAt ?? null) !== null;
  }
  return {
    id: user.id,
    type: user.type,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    clientId: user.clientId,
    serviceCategories,
    awaitingApproval: !approved,
  };
}

/**
 * The asker as the visibility rule sees it, kept with its cached session (auth/session-cache.ts):
 * a vendor's trades change rarely and every change drops the entry. Only outside a transaction
 * (it reads through app.db, which a PGlite transaction would wait on forever).
 */
export function requestViewer(request: FastifyRequest): Promise<VisibilityViewer> {
  const user = requireUser(request);
  return request.server.sessionCache.derive(request.auth.session?.id, 'viewer', () =>
    loadViewer(request.server.db, user),
  );
}
