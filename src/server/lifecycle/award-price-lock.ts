import { HttpError } from '#server/http/http-error.ts';
import { bidBody } from '#server/request-core/bid-access.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { AwardCandidate } from './bid-decisions.ts';

/*
 * An award's price lock: the manager awards the terms they saw, never the ones a vendor put in their
 * place meanwhile. A bid's version moves on with every change of its terms (migration 0023), and an
 * award names the version it saw (`bid_version`); the award reads the bid after locking the request
 * row, which every change of a bid's terms locks first too (PUT bid: bids/bid-write-target.ts), so no
 * change lands between this check and the award's writes.
 */

/** The bid's terms in a sentence: its amount, or each option's. */
function termsText(bid: AwardCandidate): string {
  if (bid.options.length === 0) return formatUsd(bid.amount);
  return bid.options
    .map((option, index) => `option ${index + 1} "${option.label}" ${formatUsd(option.amount)}`)
    .join(', ');
}

/**
 * 409 BID_CHANGED unless the bid is at the version the award saw. Without a version named (a client
 * from before versions) only a bid never changed since it was placed is awarded: whatever that client
 * saw of it, it saw these terms. The answer carries the bid as it is now.
 */
export function requireSeenVersion(bid: AwardCandidate, seen: number | undefined): void {
  if (bid.version === (seen ?? 1)) return;
  const now = `it is now ${termsText(bid)} (version ${bid.version})`;
  const detail =
    seen === undefined
      ? `This bid was changed after it was placed: ${now}. Review its terms and award it with bid_version ${bid.version}.`
      : `This bid changed since you opened it: ${now}; you saw version ${seen}. Review its terms and award again.`;
  throw new HttpError(409, { code: 'BID_CHANGED', detail, bid: bidBody(bid) });
}
