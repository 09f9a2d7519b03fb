import type { BidInput, BidInputBody } from '#shared/bid-schemas.ts';

/**
 * What POST/PUT /api/requests/{id}/bid/ is sent for a checked bid. The schema's output repeats
 * option 1 as the bid's own amount, time and line items, which the input refuses beside options; a
 * plain bid stays the spec's plain body (no empty lists), so the outbox queues the same shape.
 */
export function bidWireBody(bid: BidInput): BidInputBody {
  const common = { proposed_start_date: bid.proposed_start_date, notes: bid.notes };
  if (bid.options.length > 0) return { ...common, options: bid.options };
  return {
    amount: bid.amount,
    estimated_time: bid.estimated_time,
    estimated_time_unit: bid.estimated_time_unit,
    ...common,
    ...(bid.line_items.length > 0 ? { line_items: bid.line_items } : {}),
  };
}
