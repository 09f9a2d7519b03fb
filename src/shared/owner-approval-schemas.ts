import { z } from 'zod';
import { lineText, multilineText } from './text-fields.ts';

/*
 * Approval before work (docs/decisions/owner-approval.md): a not-to-exceed (NTE) limit per request,
 * property or client; an award above it waits for the building owner, who approves with a typed name
 * and a drawn signature from a signed link (owners have no account), declines with a reason, or asks
 * a question. Amounts are dollars, as bids' are.
 */

const MAX_AMOUNT = 10_000_000;
const amount = (label: string) =>
  z
    .number({ error: `Enter the ${label} in dollars.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(MAX_AMOUNT, `Enter at most $${MAX_AMOUNT.toLocaleString('en-US')}.`);
/** A limit: dollars, or null for none at this level. */
const limit = (label: string) => amount(label).nullable();

/** GET/PUT /api/clients/{id}/approval-settings/ (the client's managers and staff) */
export const clientApprovalSettingsInputSchema = z.object({
  /** The limit of every property of the client that sets none; null: no limit. */
  default_nte_limit: limit('default limit'),
  /** Whether a manager may award above the limit without the owner, with a written reason. */
  allow_override: z.boolean(),
  /** Whether the owner's page names the other bids' vendors ("Vendor B") or not. */
  hide_vendor_names: z.boolean(),
  /** Days after which an unanswered approval expires (reminder after 24 h, manager told after 72 h). */
  approval_expiry_days: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(1, 'Enter at least 1 day.')
    .max(30, 'Enter at most 30 days.'),
});
export type ClientApprovalSettingsInput = z.infer<typeof clientApprovalSettingsInputSchema>;
export const clientApprovalSettingsSchema = clientApprovalSettingsInputSchema.extend({
  client_id: z.number(),
});
export type ClientApprovalSettings = z.infer<typeof clientApprovalSettingsSchema>;

export const ownerContactInputSchema = z.object({
  name: lineText(200).min(1, 'Enter the owner’s name.'),
  email: z.email('Enter a valid email address.').max(254),
  /** Optional; texts go only to a number the owner confirmed (none yet: mail only). */
  phone: lineText(40),
});
export type OwnerContactInput = z.infer<typeof ownerContactInputSchema>;

/** GET/PUT /api/projects/{id}/owner-approval/ (the property's client's managers and staff) */
export const propertyApprovalInputSchema = z.object({
  /** null: the client's default applies. */
  nte_limit: limit('limit'),
  /** What a request marked emergency may be awarded up to without waiting; null: no emergency awards. */
  emergency_limit: limit('emergency limit'),
  owners: z.array(ownerContactInputSchema).max(5, 'Add at most 5 owner contacts.'),
});
export type PropertyApprovalInput = z.infer<typeof propertyApprovalInputSchema>;
export const propertyApprovalSchema = z.object({
  project_id: z.number(),
  nte_limit: z.number().nullable(),
  emergency_limit: z.number().nullable(),
  owners: z.array(ownerContactInputSchema.extend({ id: z.number() })),
  /** The limit that applies to this property's requests (its own, else the client's default). */
  effective_nte_limit: z.number().nullable(),
});
export type PropertyApproval = z.infer<typeof propertyApprovalSchema>;

/** PUT /api/requests/{id}/approval-limit/ (the request's managers) */
export const requestLimitInputSchema = z.object({
  /** null: the property's (or client's) limit applies. */
  nte_limit: limit('limit'),
  is_emergency: z.boolean(),
});
export type RequestLimitInput = z.infer<typeof requestLimitInputSchema>;

export const OWNER_APPROVAL_STATUSES = [
  'waiting',
  'approved',
  'declined',
  'expired',
  'withdrawn',
  'voided',
  'overridden',
  'emergency',
] as const;
export type OwnerApprovalStatus = (typeof OWNER_APPROVAL_STATUSES)[number];
export const OWNER_APPROVAL_STATUS_LABELS: Record<OwnerApprovalStatus, string> = {
  waiting: "Waiting for the owner's approval",
  approved: 'Approved by the owner',
  declined: 'Declined by the owner',
  expired: 'Expired without an answer',
  withdrawn: 'Withdrawn by the manager',
  voided: 'Voided: the bid changed',
  overridden: 'Awarded by the manager without the owner (override)',
  emergency: 'Emergency award: the owner was told',
};

export const OWNER_APPROVAL_EVENTS = [
  'asked',
  'link_sent',
  'opened',
  'question',
  'approved',
  'declined',
  'reminded',
  'manager_alerted',
  'expired',
  'withdrawn',
  'voided',
  'overridden',
  'emergency_award',
  'link_revoked',
] as const;
export type OwnerApprovalEvent = (typeof OWNER_APPROVAL_EVENTS)[number];

/** The award input gains an optional note for the owner: POST /api/requests/{id}/award/ `recommendation_note`. */
export const recommendationNoteField = multilineText(2000).optional();

/** GET /api/requests/{id}/owner-approval/ (managers): the request's latest approval, or null. */
export const ownerApprovalSchema = z.object({
  id: z.number(),
  request_id: z.number(),
  status: z.enum(OWNER_APPROVAL_STATUSES),
  bid_id: z.number(),
  /** The awarded option's position, or null for a plain bid. */
  option: z.number().nullable(),
  vendor_name: z.string(),
  amount: z.number(),
  nte_limit: z.number().nullable(),
  recommendation_note: z.string(),
  /** The SHA-256 (hex) of the canonical document the owner is shown. */
  document_hash: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  /** approved: the typed name; declined: the reason; overridden: the manager's reason. */
  decided_by_name: z.string(),
  decision_note: z.string(),
  owners: z.array(z.object({ name: z.string(), email: z.string() })),
  /** Managers: the approval certificate (approved, overridden or emergency). */
  certificate_url: z.string().nullable(),
  history: z.array(
    z.object({ event: z.enum(OWNER_APPROVAL_EVENTS), at: z.string(), actor: z.string(), note: z.string() }),
  ),
});
export type OwnerApproval = z.infer<typeof ownerApprovalSchema>;
export const ownerApprovalAnswerSchema = z.object({ approval: ownerApprovalSchema.nullable() });

/** POST /api/requests/{id}/owner-approval/override/ (managers, when the client allows it) */
export const overrideInputSchema = z.object({
  reason: multilineText(2000).min(1, 'Write why the work cannot wait for the owner.'),
});

/** A line of the document the owner sees (a bid's or option's line item). */
const documentLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  total: z.number(),
});

/** GET /api/owner-approvals/{token}/: the page the owner sees (no account; the token is the key). */
export const ownerApprovalPageSchema = z.object({
  status: z.enum(OWNER_APPROVAL_STATUSES),
  owner_name: z.string(),
  property_name: z.string(),
  property_address: z.string(),
  request: z.object({
    number: z.string(),
    service_type: z.string(),
    description: z.string(),
    photos: z.array(z.object({ url: z.string() })),
    /** The spot on the plan, when the request has one: the plan image and the marked point. */
    spot: z
      .object({
        plan_url: z.string(),
        x: z.number(),
        y: z.number(),
        nearest_photo_url: z.string().nullable(),
      })
      .nullable(),
  }),
  chosen: z.object({
    vendor_name: z.string(),
    label: z.string(),
    amount: z.number(),
    notes: z.string(),
    lines: z.array(documentLineSchema),
  }),
  /** The other bids, side by side; vendor names hidden ("Vendor B") when the client says so. */
  others: z.array(z.object({ vendor_name: z.string(), label: z.string(), amount: z.number() })),
  nte_limit: z.number().nullable(),
  recommendation_note: z.string(),
  manager_name: z.string(),
  /** The terms shown above the approve button, part of the signed document. */
  terms: z.string(),
  document_hash: z.string(),
  expires_at: z.string(),
  /** After a decision: who, when, and the certificate (approved). */
  decided_at: z.string().nullable(),
  certificate_url: z.string().nullable(),
});
export type OwnerApprovalPage = z.infer<typeof ownerApprovalPageSchema>;

/** POST /api/owner-approvals/{token}/approve/ */
export const ownerApproveInputSchema = z.object({
  typed_name: lineText(200).min(1, 'Type your full name.'),
  /** The drawn signature, a PNG data URL (at most 200 kB). */
  signature: z
    .string({ error: 'Sign in the box.' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Sign in the box.')
    .max(280_000, 'The signature is too large.'),
  /** The hash of the document shown: an approval of a document that changed meanwhile is refused. */
  document_hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type OwnerApproveInput = z.infer<typeof ownerApproveInputSchema>;

/** POST /api/owner-approvals/{token}/decline/ */
export const ownerDeclineInputSchema = z.object({
  reason: multilineText(2000).min(1, 'Say why you decline.'),
});

/** POST /api/owner-approvals/{token}/question/: reaches the managers; the link stays open. */
export const ownerQuestionInputSchema = z.object({
  question: multilineText(2000).min(1, 'Write your question.'),
});

/** The app's path of an owner's link (public, no sign-in). */
export const ownerApprovalPath = (token: string) => `/owner-approval/${token}`;

/** PUT /api/requests/{id}/approval-limit/: the request's own limit and the one that applies. */
export const requestLimitSchema = requestLimitInputSchema.extend({
  request_id: z.number(),
  /** request's ?? property's ?? client's default ?? null (no limit). */
  effective_nte_limit: z.number().nullable(),
});
export type RequestLimit = z.infer<typeof requestLimitSchema>;
