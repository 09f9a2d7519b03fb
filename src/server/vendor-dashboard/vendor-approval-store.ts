import { desc, eq } from 'drizzle-orm';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type { VendorApproval, VendorApprovalStep } from '#shared/vendor-approval.ts';

/**
 * Whether staff have approved the vendor (vendor_profiles.approved_at) and, until they have, what
 * still stands between it and going live: its payment (its newest subscription not active), a
 * current insurance certificate, and the review itself. Staff are never held back.
 */
export async function loadVendorApproval(db: DbOrTx, user: UserRow, today: string): Promise<VendorApproval> {
  if (isStaff(user)) return { approved: true, missing: [] };
  const [profile] = await db
    .select({
      approvedAt: vendorProfiles.approvedAt,
      certificateKey: vendorProfiles.insuranceCertificateKey,
      expiresOn: vendorProfiles.insuranceExpiresOn,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, user.id));
  if (profile && profile.approvedAt !== null) return { approved: true, missing: [] };
  const [subscription] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  const missing: VendorApprovalStep[] = [];
  if (subscription?.status !== 'active') missing.push('payment');
  const certificateCurrent =
    profile !== undefined &&
    profile.certificateKey !== null &&
    (profile.expiresOn === null || profile.expiresOn >= today);
  if (!certificateCurrent) missing.push('insurance_certificate');
  missing.push('staff_review');
  return { approved: false, missing };
}
