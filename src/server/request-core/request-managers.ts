import { and, eq, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * The people who hear from and write for a request's managing side (message threads, "job marked
 * complete"): the active property managers of the client owning its property, plus its creator
 * only when that creator is active staff (staff who raised a request follow it; other staff do
 * not take part). A vendor that reported the work is never one of them, nor is a manager who has
 * left the client or been deactivated.
 *
 * As a condition on `users`, for a request's creator and client given as values or as columns (a
 * statement that reads the request and its managers at once: messages/message-thread.ts).
 */
export function isRequestManager(
  createdById: number | SQLWrapper,
  projectClientId: number | null | SQLWrapper,
): SQL {
  return and(
    eq(users.isActive, true),
    or(
      and(eq(users.id, createdById), or(eq(users.isStaff, true), eq(users.isSuperuser, true))),
      projectClientId === null
        ? undefined
        : and(eq(users.type, 'property_manager'), eq(users.clientId, projectClientId)),
    ),
  )!;
}

export async function requestManagerIds(
  db: DbOrTx,
  request: { createdById: number; projectClientId: number | null },
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(isRequestManager(request.createdById, request.projectClientId));
  return rows.map((row) => row.id);
}
