import type { ServiceCategory } from './categories.ts';
import type { BidStatus, RequestStatus, Timeframe, TimeUnit } from './statuses.ts';

/** A list answer (DESIGN.md, API conventions). */
export interface Paged<T> {
  results: T[];
  count: number;
  total_pages: number;
  current_page: number;
}

/** GET /api/vendor/jobs/ item (signed-in spec, section 3). */
export interface JobListItem {
  id: number;
  created_at: string;
  service_type: ServiceCategory;
  description: string;
  status: RequestStatus;
  deadline: string | null;
  invited_vendors: number[];
  areas_affected: string[];
  timeframe: Timeframe | null;
}

/** A bid as the request detail lists it. */
export interface RequestDetailBid {
  id: number;
  /** The bidding vendor's user id: the manager's thread with it is (request, vendor_id). */
  vendor_id: number;
  vendor_name: string;
  estimated_time: number | string;
  estimated_time_unit: TimeUnit;
  amount: number;
  status: BidStatus;
}

/** GET /api/requests/{id}/ (signed-in spec, section 3). */
export interface RequestDetail {
  id: number;
  created_at: string;
  status: RequestStatus;
  type: ServiceCategory;
  timeframe: Timeframe | null;
  description: string;
  areas_affected: string[];
  project: { id: number; name: string; address: string } | null;
  /**
   * Whether the asker may read the property's documentation (staff, the client's managers, a vendor
   * holding an accepted bid on one of its requests): the detail's "Property documentation" link.
   */
  documentation_available: boolean;
  user: { first_name: string; last_name: string; job_title: string };
  bidding_config: { is_open_for_bids: boolean; bid_deadline: string | null };
  bids: RequestDetailBid[];
  photos: Array<{ id: number; url: string }>;
}

/** A bid as the bid calls answer it (GET /api/bids/{id}/, POST/PUT /api/requests/{id}/bid/). */
export interface BidBody {
  id: number;
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  proposed_start_date: string;
  notes: string;
  status: BidStatus;
  request_id: number;
}

/** GET /api/vendor/bids/ item (signed-in spec, section 3). */
export interface MyBidItem {
  id: number;
  vendor_name: string;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  amount: number;
  status: BidStatus;
  request_id: number;
  request_type: ServiceCategory;
  proposed_start_date: string | null;
  created_at: string;
}
