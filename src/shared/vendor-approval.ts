/*
 * A vendor goes live when staff approve it (the approval of its application in the admin console
 * sets vendor_profiles.approved_at), not when it pays. Until then it signs in to a screen that says
 * its application is under review and what is still missing; it sees no jobs, hears of none, cannot
 * bid and is not offered to managers (docs/decisions/vendor-approval.md, "Vendor approval").
 */

/** What may stand between a vendor and going live, in the order the screen lists them. */
export const VENDOR_APPROVAL_STEPS = ['payment', 'insurance_certificate', 'staff_review'] as const;
export type VendorApprovalStep = (typeof VENDOR_APPROVAL_STEPS)[number];

/** Each step as the under-review screen names it, and what the vendor reads while it is missing. */
export const VENDOR_APPROVAL_STEP_TEXTS: Record<VendorApprovalStep, { label: string; missing: string }> = {
  payment: {
    label: 'Payment',
    missing: 'Your subscription payment has not been confirmed yet.',
  },
  insurance_certificate: {
    label: 'Insurance certificate',
    missing: 'Upload a current insurance certificate in Settings.',
  },
  staff_review: {
    label: 'Review by our staff',
    missing: 'Our team is checking your company details and insurance certificate.',
  },
};

export const VENDOR_UNDER_REVIEW_TITLE = 'Your application is under review';

/**
 * The vendor dashboard's `approval` (its schema: vendor-dashboard.ts): live or not, and what is still
 * missing (empty once approved). No zod here: the screens that show these texts must not load it.
 */
export interface VendorApproval {
  approved: boolean;
  missing: VendorApprovalStep[];
}
