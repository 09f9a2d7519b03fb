import type { ServiceCategory } from './categories.ts';
import type { BidStatus, RequestStatus, TimeUnit } from './statuses.ts';

/**
 * GET /api/vendor/dashboard/ (signed-in spec, section 2, built from the vendor's own data instead of
 * the prototype's fixed 12, 4, $15,234, 28):
 * - active bids: pending bids on open requests;
 * - awarded jobs: accepted bids on requests in progress;
 * - total earnings: the sum of accepted bid amounts on completed requests (whole dollars);
 * - jobs completed: accepted bids on completed requests.
 */
export interface VendorDashboardStats {
  active_bids: number;
  awarded_jobs: number;
  total_earnings: number;
  jobs_completed: number;
}

/** One row of the dashboard's tabs: the vendor's bid and the request it is for. */
export interface VendorDashboardItem {
  bid_id: number;
  request_id: number;
  service_type: ServiceCategory;
  description: string;
  project_name: string | null;
  request_status: RequestStatus;
  bid_status: BidStatus;
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  proposed_start_date: string;
  /** When the bid was placed. */
  created_at: string;
  /** The request's bid deadline (active bids), else null. */
  deadline: string | null;
  /** When the manager confirmed the job (completed jobs), else null. */
  completed_at: string | null;
}

export interface VendorDashboard {
  stats: VendorDashboardStats;
  /** The newest of each tab, at most DASHBOARD_TAB_LIMIT; the stats count them all. */
  active_bids: VendorDashboardItem[];
  current_jobs: VendorDashboardItem[];
  completed_jobs: VendorDashboardItem[];
}

export const DASHBOARD_TAB_LIMIT = 10;
