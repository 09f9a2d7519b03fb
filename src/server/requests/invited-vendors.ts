import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { HttpError } from '../http/http-error.ts';
import { vendorNameSql } from '../vendors/vendor-name.ts';

const INVALID_VENDORS = 'Select valid vendors.';

/**
 * Vendors to invite (at creation or later) must be real, active vendor users; inviting oneself makes
 * no sense. Answers them with their shown names, in the order they were chosen; 400 otherwise.
 */
export async function loadInvitedVendors(tx: DbOrTx, author: UserRow, ids: readonly number[]) {
  if (ids.length === 0) return [];
  if (ids.includes(author.id))
    throw new HttpError(400, { errors: { vendors: ['You cannot invite yourself.'] } });
  const found = await tx
    .select({ id: users.id, name: vendorNameSql })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(inArray(users.id, [...ids]), eq(users.type, 'vendor'), eq(users.isActive, true)));
  if (found.length !== ids.length) throw new HttpError(400, { errors: { vendors: [INVALID_VENDORS] } });
  return ids.map((id) => found.find((vendor) => vendor.id === id)!);
}
