import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { HttpError } from '#server/http/http-error.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';

const INVALID_VENDORS = 'Select valid vendors.';
const UNDER_REVIEW = (name: string) =>
  `${name} cannot be invited yet: its application is still under review by our staff.`;

/**
 * Vendors to invite (at creation or later) must be real, active vendor users that staff have
 * approved (vendor_profiles.approved_at; the vendor list offers no other); inviting oneself makes no
 * sense. Answers them with their shown names, in the order they were chosen; 400 otherwise.
 */
export async function loadInvitedVendors(tx: DbOrTx, author: UserRow, ids: readonly number[]) {
  if (ids.length === 0) return [];
  if (ids.includes(author.id))
    throw new HttpError(400, { errors: { vendors: ['You cannot invite yourself.'] } });
  const found = await tx
    .select({ id: users.id, name: vendorNameSql, approvedAt: vendorProfiles.approvedAt })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(inArray(users.id, [...ids]), eq(users.type, 'vendor'), eq(users.isActive, true)));
  if (found.length !== ids.length) throw new HttpError(400, { errors: { vendors: [INVALID_VENDORS] } });
  const waiting = found.find((vendor) => vendor.approvedAt === null);
  if (waiting) throw new HttpError(400, { errors: { vendors: [UNDER_REVIEW(waiting.name)] } });
  return ids.map((id) => {
    const vendor = found.find((row) => row.id === id)!;
    return { id: vendor.id, name: vendor.name };
  });
}
