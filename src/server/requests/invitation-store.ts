import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { projects } from '#server/db/schema/projects.ts';
import { requestInvitations } from '#server/db/schema/requests.ts';

/** Invites vendors to a request; answers the ids newly invited (those already invited are skipped). */
export async function addInvitations(
  tx: DbOrTx,
  requestId: number,
  vendorIds: readonly number[],
): Promise<Set<number>> {
  if (vendorIds.length === 0) return new Set();
  const fresh = await tx
    .insert(requestInvitations)
    .values(vendorIds.map((vendorId) => ({ requestId, vendorId })))
    .onConflictDoNothing()
    .returning({ vendorId: requestInvitations.vendorId });
  return new Set(fresh.map((invitation) => invitation.vendorId));
}

/** The property's name for an invitation notice; null for a request without one. */
export async function propertyName(tx: DbOrTx, projectId: number | null): Promise<string | null> {
  if (projectId === null) return null;
  const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return project?.name ?? null;
}
