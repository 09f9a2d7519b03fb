/** Request, bid and priority values (signed-in spec, sections 4 and 9). */
export const REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Default jobs order before the user sorts: Open 0, In Progress 1, Completed 2, Cancelled 3. */
export const REQUEST_STATUS_SORT_ORDER: Record<RequestStatus, number> = {
  open: 0,
  in_progress: 1,
  completed: 2,
  cancelled: 3,
};

export const BID_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'medium';

export const TIME_UNITS = ['hours', 'days', 'weeks'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export const TIMEFRAMES = ['Urgent', '2 Weeks', 'Over 2 Weeks'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = 'Urgent';

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
