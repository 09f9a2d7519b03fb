import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/db-or-tx.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { HttpError } from '#server/http/http-error.ts';
import { notify } from '#server/notifications/notify.ts';
import { type RequestRow, recordStep, requireTransition } from '#server/request-core/lifecycle-access.ts';
import type { BidOption } from '#shared/bid-line-items.ts';
import { bidLabel, requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { type AwardCandidate, acceptBid, rejectPendingBids } from './bid-decisions.ts';

/*
 * What an award does, whoever sets it off: the manager's POST /api/requests/{id}/award/, or the
 * owner's approval of an award above the limit (docs/decisions/owner-approval.md), which awards as
 * the manager who asked.
 */

export type ChosenOption = BidOption & { position: number };

/** Writes the request's award step (its columns, status and history row); answers the updated row. */
export type AwardAdvance = (changes: Partial<typeof mr.$inferInsert>, note?: string) => Promise<RequestRow>;

const CHOOSE_OPTION = { errors: { option: ["Choose one of the bid's options."] } };

/**
 * The option an award names: required when the bid offers options (1 to their count), refused for a
 * plain bid, so an award never leaves the job's price in doubt.
 */
export function chosenOption(
  options: readonly BidOption[],
  position: number | undefined,
): ChosenOption | null {
  if (options.length === 0) {
    if (position !== undefined)
      throw new HttpError(400, { errors: { option: ['This bid offers no options.'] } });
    return null;
  }
  const option = position === undefined ? undefined : options[position - 1];
  if (!option || position === undefined) throw new HttpError(400, CHOOSE_OPTION);
  return { ...option, position };
}

/** The price an award sets: the chosen option's, else the bid's. */
export const awardAmount = (bid: AwardCandidate, option: ChosenOption | null): number =>
  option?.amount ?? bid.amount;

/**
 * An award step outside runLifecycleStep (the owner's approval): 409 INVALID_TRANSITION unless the
 * locked request may be awarded, then an `advance` that records the step as `userId`.
 */
export function awardAdvanceAs(tx: Tx, row: RequestRow, userId: number, now: Date): AwardAdvance {
  const { event, to } = requireTransition('award', row);
  return async (changes, note = '') => {
    const [updated] = await tx
      .update(mr)
      .set({ ...changes, status: to, updatedAt: now })
      .where(eq(mr.id, row.id))
      .returning();
    if (event) {
      await recordStep(tx, { requestId: row.id, event, from: row.status, to, userId, note, at: now });
    }
    return updated!;
  };
}

/**
 * The award itself: the bid accepted (with its option), every other pending bid rejected, bidding
 * closed, the job In Progress, the winner and the others told. Runs in the transaction holding the
 * request row.
 */
export async function applyAward(
  tx: Tx,
  award: {
    requestId: number;
    bid: AwardCandidate;
    option: ChosenOption | null;
    now: Date;
    advance: AwardAdvance;
  },
): Promise<RequestRow> {
  const { requestId, bid, option, now, advance } = award;
  const amount = awardAmount(bid, option);
  await acceptBid(tx, bid.id, now, option?.position ?? null);
  const rejected = await rejectPendingBids(tx, requestId, now, bid.id);
  const updated = await advance(
    { isOpenForBids: false, awardedBidId: bid.id },
    option
      ? `${bidLabel(bid.id)} from ${bid.vendorName}, option ${option.position} "${option.label}", for ${formatUsd(amount)}`
      : `${bidLabel(bid.id)} from ${bid.vendorName} for ${formatUsd(amount)}`,
  );
  await notify(tx, [
    {
      userId: bid.vendorId,
      kind: 'bid_accepted',
      title: 'Bid accepted',
      message: option
        ? `Your bid for request ${requestNumber(requestId)} was accepted with option ${option.position}, "${option.label}" (${formatUsd(amount)}). The job is now in progress.`
        : `Your ${formatUsd(amount)} bid for request ${requestNumber(requestId)} was accepted. The job is now in progress.`,
      relatedRequestId: requestId,
    },
    ...rejected.map((loser) => ({
      userId: loser.vendorId,
      kind: 'bid_rejected' as const,
      title: 'Bid not selected',
      message: `Another vendor was selected for request ${requestNumber(requestId)}.`,
      relatedRequestId: requestId,
    })),
  ]);
  return updated;
}
