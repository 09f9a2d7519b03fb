import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema/users.ts';

/**
 * The people who hear from and write for a request's managing side (message threads, "job marked
 * complete"): the active property managers of the client owning its property, plus its creator
 * only when that creator is active staff (staff who raised a request follow it; other staff do
 * not take part). A vendor that reported the work is never one of them, nor is a manager who has
 * left the client or been deactivated.
 */
export async function requestManagerIds(
  db: Db,
  request: { createdById: number; projectClientId: number | null },
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(
          and(eq(users.id, request.createdById), or(eq(users.isStaff, true), eq(users.isSuperuser, true))),
          request.projectClientId === null
            ? undefined
            : and(eq(users.type, 'property_manager'), eq(users.clientId, request.projectClientId)),
        ),
      ),
    );
  return rows.map((row) => row.id);
}
