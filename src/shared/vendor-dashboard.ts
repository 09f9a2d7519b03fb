import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { timestampText } from './response-fields.ts';
import { BID_STATUSES, REQUEST_STATUSES, TIME_UNITS } from './statuses.ts';
import { VENDOR_APPROVAL_STEPS } from './vendor-approval.ts';

/**
 * GET /api/vendor/dashboard/ (signed-in spec, section 2, built from the vendor's own data instead of
 * the prototype's fixed 12, 4, $15,234, 28):
 * - active bids: pending bids on open requests;
 * - awarded jobs: accepted bids on requests in progress;
 * - total earnings: the sum of accepted bid amounts on completed requests (whole dollars), each the
 *   awarded option's amount when the bid offered options;
 * - jobs completed: accepted bids on completed requests.
 */
export const vendorDashboardStatsSchema = z.object({
  active_bids: z.number().int(),
  awarded_jobs: z.number().int(),
  total_earnings: z.number(),
  jobs_completed: z.number().int(),
});
export type VendorDashboardStats = z.infer<typeof vendorDashboardStatsSchema>;

/** One row of the dashboard's tabs: the vendor's bid and the request it is for. */
export const vendorDashboardItemSchema = z.object({
  bid_id: z.number().int(),
  request_id: z.number().int(),
  service_type: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  project_name: z.string().nullable(),
  request_status: z.enum(REQUEST_STATUSES),
  bid_status: z.enum(BID_STATUSES),
  /** The bid's amount; for an accepted bid with options, the awarded option's. */
  amount: z.number().int(),
  estimated_time: z.number(),
  estimated_time_unit: z.enum(TIME_UNITS),
  proposed_start_date: timestampText,
  /** When the bid was placed. */
  created_at: timestampText,
  /** The request's bid deadline (active bids), else null. */
  deadline: timestampText.nullable(),
  /** When the manager confirmed the job (completed jobs), else null. */
  completed_at: timestampText.nullable(),
});
export type VendorDashboardItem = z.infer<typeof vendorDashboardItemSchema>;

export const vendorDashboardSchema = z.object({
  stats: vendorDashboardStatsSchema,
  /** The newest of each tab, at most DASHBOARD_TAB_LIMIT; the stats count them all. */
  active_bids: z.array(vendorDashboardItemSchema),
  current_jobs: z.array(vendorDashboardItemSchema),
  completed_jobs: z.array(vendorDashboardItemSchema),
  /** Whether staff have approved the vendor, and what is still missing until they have. */
  approval: z.object({
    approved: z.boolean(),
    missing: z.array(z.enum(VENDOR_APPROVAL_STEPS)),
  }),
});
export type VendorDashboard = z.infer<typeof vendorDashboardSchema>;

export const DASHBOARD_TAB_LIMIT = 10;
