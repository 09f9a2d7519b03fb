import { z } from 'zod';
import { errorBodySchema } from './api-errors.ts';
import { multilineText } from './text-fields.ts';

/**
 * Staff review of the two applications in /admin/applications (GET/POST /api/admin/applications/...).
 * The status lists are the tables' own (src/server/db/schema/applications.ts checks them).
 */

export const APPLICATION_KINDS = ['managers', 'vendors'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const MANAGER_APPLICATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
/**
 * draft: steps being saved; payment_pending: submitted, checkout created; paid: the provider
 * confirmed payment and the account exists; approved / rejected: staff review in /admin/.
 */
export const VENDOR_APPLICATION_STATUSES = [
  'draft',
  'payment_pending',
  'paid',
  'approved',
  'rejected',
] as const;
export type ApplicationStatus =
  | (typeof MANAGER_APPLICATION_STATUSES)[number]
  | (typeof VENDOR_APPLICATION_STATUSES)[number];

/** The one status staff can decide on: a submitted manager, a vendor whose payment was confirmed. */
export const REVIEWABLE_STATUS: Record<ApplicationKind, ApplicationStatus> = {
  managers: 'submitted',
  vendors: 'paid',
};

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  payment_pending: 'Payment pending',
  paid: 'Paid',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Every status of either kind, once. */
const APPLICATION_STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as [
  ApplicationStatus,
  ...ApplicationStatus[],
];

export const statusesOf = (kind: ApplicationKind): readonly ApplicationStatus[] =>
  kind === 'managers' ? MANAGER_APPLICATION_STATUSES : VENDOR_APPLICATION_STATUSES;

/** The list's query: page, and a status (none: every application past the draft stage). */
export function applicationListQuerySchema(kind: ApplicationKind) {
  const statuses = statusesOf(kind) as [ApplicationStatus, ...ApplicationStatus[]];
  return z.object({
    page: z.coerce
      .number({ error: 'A page number is required.' })
      .int('A page number must be a whole number.')
      .min(1, 'A page number must be 1 or more.')
      .default(1),
    status: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(statuses, { error: `Choose one of: ${statuses.join(', ')}.` }).optional(),
    ),
  });
}

export const REVIEW_MESSAGES = {
  notFound: 'Application not found.',
  reason: 'Give the reason for the rejection; the applicant reads it.',
  reasonLength: 'Keep the reason to 2,000 characters or fewer.',
} as const;

/** POST .../reject/: the reason is mailed to the applicant and kept as the review note. */
export const rejectApplicationSchema = z.object({
  reason: multilineText(2000, { error: REVIEW_MESSAGES.reason, tooLong: REVIEW_MESSAGES.reasonLength }).min(
    1,
    REVIEW_MESSAGES.reason,
  ),
});
export type RejectApplicationValues = z.output<typeof rejectApplicationSchema>;

export const applicationListItemSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  company: z.string(),
  contact: z.string(),
  email: z.string(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

export const applicationPageSchema = z.object({
  results: z.array(applicationListItemSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type ApplicationPage = z.infer<typeof applicationPageSchema>;

const reviewFields = {
  id: z.number().int(),
  status: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  job_title: z.string(),
  ein: z.string(),
  total_employees: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  /** The account made at submit (manager) or payment (vendor); false once rejected. */
  user_is_active: z.boolean().nullable(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  review_note: z.string(),
};

export const managerApplicationDetailSchema = z.object({
  ...reviewFields,
  kind: z.literal('managers'),
  building_name: z.string(),
  building_address: z.string(),
  office_phone: z.string(),
  company_name: z.string(),
  company_address: z.string(),
  company_logo: z.string().nullable(),
  client_id: z.number().int().nullable(),
});
export type ManagerApplicationDetail = z.infer<typeof managerApplicationDetailSchema>;

export const vendorApplicationDetailSchema = z.object({
  ...reviewFields,
  kind: z.literal('vendors'),
  vendor_name: z.string(),
  registered_state: z.string(),
  industry: z.string(),
  address: z.string(),
  /** /api/files/<key>: staff may open every certificate. */
  insurance_certificate_url: z.string().nullable(),
  insurance_certificate_content_type: z.string().nullable(),
  insurance_certificate_size: z.number().int().nullable(),
  insurance_expires_on: z.string().nullable(),
  plan: z
    .object({ id: z.number().int(), name: z.string(), price: z.number(), frequency: z.string() })
    .nullable(),
  /** The newest subscription of the vendor's account, if payment created one. */
  subscription: z
    .object({ status: z.string(), provider: z.string(), current_period_end: z.string().nullable() })
    .nullable(),
  confirmation_number: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type VendorApplicationDetail = z.infer<typeof vendorApplicationDetailSchema>;

export const applicationDetailSchema = z.discriminatedUnion('kind', [
  managerApplicationDetailSchema,
  vendorApplicationDetailSchema,
]);
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/**
 * 409 of approve and reject: the application is no longer in the status a decision starts from (another
 * staff member decided first); `status` is the one it is in now.
 */
export const applicationConflictSchema = errorBodySchema.extend({ status: z.enum(APPLICATION_STATUSES) });
