import type { BidOption, LineItem } from '#shared/bid-line-items.ts';
import { allowedActions, type LifecycleRole } from '#shared/request-lifecycle.ts';
import { type RequestRow, stateOf } from './lifecycle-access.ts';
import { awardedOptionBody, pricedBody } from './priced-bid.ts';
import { type HistoryStep, timelineFor } from './timeline-view.ts';

export const fileUrl = (key: string) => `/api/files/${key}`;

/** What the lifecycle part is made from: read with the rest of the detail (request-detail-query.ts). */
export interface ProgressSource {
  row: RequestRow;
  steps: readonly HistoryStep[];
  bids: readonly {
    id: number;
    version: number;
    vendorId: number;
    vendorName: string;
    amount: number;
    estimatedTime: number;
    estimatedTimeUnit: string;
    proposedStartDate: string;
    notes: string;
    status: string;
    decidedAt: string | null;
    lineItems: LineItem[];
    options: BidOption[];
    awardedOption: number | null;
  }[];
  completionPhotos: readonly { id: number; key: string }[];
}

/**
 * The lifecycle part of GET /api/requests/{id}/: the history steps the asker may read (timelineFor),
 * the awarded bid and the vendor's completion report (both only for the managing side and the
 * awarded vendor: a competitor, or the vendor that reported the work, does not learn the winning
 * price), and what the asker may do next.
 */
export function requestProgress(source: ProgressSource, role: LifecycleRole, viewerId: number) {
  const { row } = source;
  const involved = role !== 'none';
  const awarded = source.bids.find((bid) => bid.id === row.awardedBidId);
  return {
    // A deleted user leaves the step without a name (the left join answers null).
    timeline: timelineFor(source.steps, role, viewerId),
    awarded_bid:
      involved && awarded
        ? {
            id: awarded.id,
            version: awarded.version,
            vendor_id: awarded.vendorId,
            vendor_name: awarded.vendorName,
            amount: awarded.amount,
            estimated_time: awarded.estimatedTime,
            estimated_time_unit: awarded.estimatedTimeUnit,
            proposed_start_date: new Date(awarded.proposedStartDate),
            notes: awarded.notes,
            status: awarded.status,
            awarded_at: awarded.decidedAt === null ? null : new Date(awarded.decidedAt),
            ...pricedBody(awarded),
            awarded_option: awardedOptionBody(awarded.options, awarded.awardedOption),
          }
        : null,
    completion: involved
      ? {
          note: row.completionNote,
          photos: source.completionPhotos.map((photo) => ({ id: photo.id, url: fileUrl(photo.key) })),
          vendor_completed_at: row.vendorCompletedAt,
          completed_at: row.completedAt,
        }
      : null,
    allowed_actions: allowedActions(stateOf(row), role),
  };
}
