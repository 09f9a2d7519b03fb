import { z } from 'zod';
import { bidOptionSchema, pricedBidFields } from './bid-line-items.ts';
import { bidVersionField } from './bid-responses.ts';
import { SERVICE_CATEGORIES } from './categories.ts';
import { LIFECYCLE_ACTIONS, LIFECYCLE_EVENTS } from './request-lifecycle.ts';
import { requestSpotSchema } from './request-spot.ts';
import {
  dayText,
  listPageSchema,
  namedVendorSchema,
  photoLinkSchema,
  timestampText,
} from './response-fields.ts';
import { BID_STATUSES, PRIORITIES, REQUEST_STATUSES, TIME_UNITS, TIMEFRAMES } from './statuses.ts';

/*
 * What the request calls answer (signed-in spec, sections 3 and 7, and the lifecycle of DESIGN.md,
 * "Beyond the spec"): the vendor's jobs list, the request detail, a created request and a lifecycle
 * step. Built from the server's answers (src/server/requests, src/server/lifecycle).
 */

const serviceType = z.enum(SERVICE_CATEGORIES);
const requestStatus = z.enum(REQUEST_STATUSES);
const timeframe = z.enum(TIMEFRAMES).nullable();
const biddingConfigSchema = z.object({
  is_open_for_bids: z.boolean(),
  bid_deadline: timestampText.nullable(),
});

/** GET /api/vendor/jobs/ item (section 3). `invited_vendors` holds the asking vendor's own id at most. */
export const jobListItemSchema = z.object({
  id: z.number().int(),
  created_at: timestampText,
  service_type: serviceType,
  description: z.string(),
  status: requestStatus,
  deadline: timestampText.nullable(),
  areas_affected: z.array(z.string()),
  timeframe,
  invited_vendors: z.array(z.number().int()),
  /**
   * The asker raised this request itself (a vendor's report of work found on site): it cannot bid on
   * it, and the app shows "You reported this" instead of the Bid action. Defaults to false only for
   * pages kept on a phone by an app from before the field (the server always sends it).
   */
  is_own_report: z.boolean().optional().default(false),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobPageSchema = listPageSchema(jobListItemSchema).extend({
  /**
   * Present (true) only for a vendor staff have not approved yet: its list is empty because of that,
   * not for want of jobs (src/shared/vendor-approval.ts).
   */
  under_review: z.literal(true).optional(),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/** A bid as the request detail lists it: a vendor sees its own, the managing side every bid. */
export const requestDetailBidSchema = z.object({
  id: z.number().int(),
  /** Above 1 when the vendor changed its terms since placing it (its history: GET /api/bids/{id}/history/). */
  version: bidVersionField,
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  amount: z.number().int(),
  status: z.enum(BID_STATUSES),
  /** The bidding vendor's user id: the manager's thread with it is (request, vendor_id). */
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  /**
   * The bid's notes (warranty, what is included, exclusions) and proposed start, for the managing
   * side (the request's client's managers, staff) only: absent for a vendor, even on its own bid.
   */
  notes: z.string().optional(),
  proposed_start_date: timestampText.optional(),
  /** what the bid is priced from, and its options (empty for a plain bid). */
  ...pricedBidFields,
});
export type RequestDetailBid = z.infer<typeof requestDetailBidSchema>;

/** One status step of the detail's `timeline`. */
export const timelineStepSchema = z.object({
  event: z.enum(LIFECYCLE_EVENTS),
  from: requestStatus.nullable(),
  to: requestStatus,
  /** Who took the step; null when that user is gone, or is a vendor other than the reader. */
  who: z.string().nullable(),
  when: timestampText,
  note: z.string(),
  /** The server's words for the step (timelineLabel in src/shared/request-lifecycle.ts). */
  label: z.string(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** The awarded bid, for the managing side and the awarded vendor only. */
export const awardedBidSchema = z.object({
  id: z.number().int(),
  version: bidVersionField,
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  amount: z.number().int(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  proposed_start_date: timestampText,
  notes: z.string(),
  status: z.enum(BID_STATUSES),
  awarded_at: timestampText.nullable(),
  ...pricedBidFields,
  /** The option the manager awarded, when the bid offered options (null otherwise). */
  awarded_option: bidOptionSchema.nullable().optional().default(null),
});
export type AwardedBid = z.infer<typeof awardedBidSchema>;

/** The vendor's completion report, for the managing side and the awarded vendor only. */
export const completionReportSchema = z.object({
  note: z.string(),
  photos: z.array(photoLinkSchema),
  vendor_completed_at: timestampText.nullable(),
  completed_at: timestampText.nullable(),
});
export type CompletionReport = z.infer<typeof completionReportSchema>;

/**
 * A vendor invited to bid, as the request's managing side sees it on the detail: its shown name and
 * the status of its bid on the request (null while it has not bid).
 */
export const invitedVendorSchema = namedVendorSchema.extend({
  bid_status: z.enum(BID_STATUSES).nullable(),
});
export type InvitedVendor = z.infer<typeof invitedVendorSchema>;

/** GET /api/requests/{id}/ (sections 2, 3 and 6, plus the lifecycle part). */
export const requestDetailSchema = z.object({
  id: z.number().int(),
  created_at: timestampText,
  status: requestStatus,
  type: serviceType,
  timeframe,
  /*
   * The fields below up to `unit_id` are optional only for copies kept offline by an app from before
   * them (a kept answer that no longer parses is discarded); the server always sends them.
   */
  /** As stored: chosen on a manager's form (medium when not given). */
  priority: z.enum(PRIORITIES).optional(),
  /**
   * Whose form raised the request: a manager's sets `priority` and `unit` (its `timeframe` is only
   * the default), a vendor's report sets `timeframe` and `areas_affected` (its priority the default).
   */
  raised_by: z.enum(['manager', 'vendor']).optional(),
  /** The unit's number as written on the door, and its id; null when none was chosen. */
  unit: z.string().nullable().optional().default(null),
  unit_id: z.number().int().nullable().optional().default(null),
  description: z.string(),
  areas_affected: z.array(z.string()),
  /**
   * The property: `city` and its coordinates (WGS 84, null when not entered) name it on job cards and
   * give "Open directions"; optional only for copies kept offline by an app from before them.
   */
  project: z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      city: z.string().optional(),
      /** The property's IANA time zone, in which visit windows are written. */
      time_zone: z.string().optional(),
      latitude: z.number().nullable().optional(),
      longitude: z.number().nullable().optional(),
    })
    .nullable(),
  /**
   * Whether the asker may read the property's documentation (staff, the client's managers, a vendor
   * holding an accepted bid on one of its requests): the detail's "Property documentation" link.
   */
  documentation_available: z.boolean(),
  /**
   * The asker raised this request itself, as in the jobs list (no Bid action on one's own report).
   * Defaults only for copies kept offline by an app from before the field; the server always sends it.
   */
  is_own_report: z.boolean().optional().default(false),
  /**
   * False while a request a vendor raised waits for its client's managers: no vendor but its reporter
   * and those a manager invited sees it until a manager opens it (POST /api/requests/{id}/open/).
   * Defaults to true for copies kept offline from before the rule (every request was open then).
   */
  is_open_to_vendors: z.boolean().optional().default(true),
  /** 'Open to all': every vendor may see and bid on it (the jobs list's invited_vendors column says so). */
  invite_all: z.boolean().optional().default(false),
  /**
   * The vendors invited to bid, in the order they were invited, for the managing side only (staff,
   * the owning client's managers); null for everyone else: no vendor learns who else was asked.
   * Defaults to null for copies kept offline by an app from before the field.
   */
  invited_vendors: z.array(invitedVendorSchema).nullable().optional().default(null),
  /** Who raised it; blank for a vendor reading another vendor's report. */
  user: z.object({ first_name: z.string(), last_name: z.string(), job_title: z.string() }),
  bidding_config: biddingConfigSchema,
  bids: z.array(requestDetailBidSchema),
  photos: z.array(photoLinkSchema),
  /**
   * Where on the floor plan the work is, with the layout excerpt and the nearest in-wall 360-degree
   * photos: shown to everyone who may see the request; null when no spot was chosen.
   * Optional only for copies kept on a phone by an app from before spots: the server always sends
   * it, and without this an update would drop every job kept offline (a kept answer that no longer
   * parses is discarded).
   */
  spot: requestSpotSchema.nullable().optional(),
  timeline: z.array(timelineStepSchema),
  awarded_bid: awardedBidSchema.nullable(),
  completion: completionReportSchema.nullable(),
  /** What the asker may do next (src/shared/request-lifecycle.ts). */
  allowed_actions: z.array(z.enum(LIFECYCLE_ACTIONS)),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/** 201 answer of POST /api/requests/ (section 3: the manager request and the vendor form's summary). */
export const createdRequestSchema = z.object({
  id: z.number().int(),
  confirmation_number: z.string(),
  type: serviceType,
  description: z.string(),
  status: requestStatus,
  priority: z.enum(PRIORITIES),
  timeframe,
  /** YYYY-MM-DD (UTC) */
  date: dayText,
  property: z.string().nullable(),
  property_id: z.number().int().nullable(),
  unit: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  /** The vendors invited, as stored: none for a vendor's report (its managers decide whom to invite). */
  vendors: z.array(namedVendorSchema),
  /** As stored: always false for a vendor's report, whatever it sent. */
  invite_all: z.boolean(),
  areas_affected: z.array(z.string()),
  bid_deadline: timestampText.nullable(),
  photos: z.array(photoLinkSchema),
  /**
   * False for a vendor's report: held for the client's managers until one opens it to vendors.
   * Defaults to true for answers kept before the rule (a replayed Idempotency-Key's first answer).
   */
  is_open_to_vendors: z.boolean().optional().default(true),
  /** The spot as stored (layout image pixels), or null. */
  spot: z
    .object({
      layout_id: z.number().int(),
      x: z.number(),
      y: z.number(),
      area: z.array(z.object({ x: z.number(), y: z.number() })).nullable(),
    })
    .nullable(),
});
export type CreatedRequest = z.infer<typeof createdRequestSchema>;

/** What every lifecycle step answers (POST /api/requests/{id}/award/, cancel/, complete/...). */
export const lifecycleAnswerSchema = z.object({
  id: z.number().int(),
  status: requestStatus,
  bidding_config: biddingConfigSchema,
  awarded_bid_id: z.number().int().nullable(),
  vendor_completed_at: timestampText.nullable(),
  completion_note: z.string(),
  completed_at: timestampText.nullable(),
  allowed_actions: z.array(z.enum(LIFECYCLE_ACTIONS)),
  /** An award above the limit: not done yet, waiting for the owner (docs/decisions/owner-approval.md). */
  owner_approval: z.object({ id: z.number().int(), status: z.literal('waiting') }).optional(),
});
export type LifecycleAnswer = z.infer<typeof lifecycleAnswerSchema>;

/** POST /api/requests/{id}/open/: the request is now open to vendors, to every vendor with invite_all. */
export const openToVendorsAnswerSchema = z.object({
  id: z.number().int(),
  is_open_to_vendors: z.boolean(),
  invite_all: z.boolean(),
});
export type OpenToVendorsAnswer = z.infer<typeof openToVendorsAnswerSchema>;

/** POST /api/requests/{id}/invitations/: the vendors newly invited (empty when all already were). */
export const invitationAnswerSchema = z.object({ invited: z.array(namedVendorSchema) });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
