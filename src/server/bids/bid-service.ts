import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { GroupCommit } from '#server/db/group-commit.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import type { KeyClaim } from '#server/idempotency/key-claim.ts';
import { BID_NOT_FOUND, insuranceDay, requireAvailable } from '#server/request-core/bid-access.ts';
import { apiError, ERROR_MESSAGES } from '#shared/api-errors.ts';
import type { BidInput } from '#shared/bid-schemas.ts';
import { type BidWrite, bidWrite, placeBid, placeBids } from './bid-place.ts';
import {
  type BidRow,
  findOwnBidId,
  findVendorBid,
  insertBid,
  updatePendingBid,
  withdrawPendingBid,
} from './bid-store.ts';
import { type BidWriteTarget, loadBidWriteTarget } from './bid-write-target.ts';

const NOT_EDITABLE = apiError('BID_NOT_EDITABLE');
const OWN_REQUEST = apiError('OWN_REQUEST');

/**
 * A bid's input as the route holds it: valid, or refused with 400 when read. The full checks read it
 * only after the request's own checks, so each refusal has one cause (404 → 403 → 400 → 409).
 */
export type ReadBidInput = () => BidInput;

/**
 * Placing, changing and withdrawing a vendor's bid: the one door of the bid rule, so the routes are
 * HTTP adapters. A new bid takes the fast path first (one statement, several bids of the moment in
 * it: `placeFast`), which places a bid exactly when every check lets it through (`placeChecks` in
 * bid-place.ts, the SQL form of the checks below; tests/api/bid-rule-property.test.ts holds the two
 * equal); whatever it did not place is answered by the full checks (`placeChecked`), in a transaction.
 */
export interface BidService {
  /**
   * The bid placed by the fast path, or undefined when it placed none. On the service's own database
   * bids arriving together share a statement (db/group-commit.ts); inside a transaction `db`, one
   * statement of that transaction. With `claim`, the bid claims its Idempotency-Key in the statement.
   */
  placeFast(
    db: DbOrTx,
    user: UserRow,
    requestId: number,
    input: BidInput,
    now: Date,
    claim?: KeyClaim,
  ): Promise<BidRow | undefined>;
  /** The full checks and the insert, in the transaction `tx`: the bid, or the refusal as an HttpError. */
  placeChecked(
    tx: DbOrTx,
    user: UserRow,
    requestId: number,
    readInput: ReadBidInput,
    now: Date,
  ): Promise<BidRow>;
  /** The vendor's pending bid on the request changed to `readInput()`, in `tx`. */
  edit(tx: DbOrTx, user: UserRow, requestId: number, readInput: ReadBidInput, now: Date): Promise<BidRow>;
  /** The vendor's pending bid withdrawn, in `tx`. */
  withdraw(tx: DbOrTx, user: UserRow, bidId: number): Promise<BidRow>;
}

export function createBidService(db: Db, log: FastifyBaseLogger): BidService {
  // Two statements in flight, never two bids of a vendor on a request or two claims of one key in a
  // statement; a batch that fails is tried again bid by bid.
  const placements = new GroupCommit<BidWrite, BidRow | undefined>((writes) => placeBids(db, writes), {
    maxBatch: 64,
    maxInFlight: 2,
    exclusiveKeys: (write) => [
      `bid ${write.vendor_id} ${write.request_id}`,
      ...(write.key === null ? [] : [`key ${write.key_user} ${write.key}`]),
    ],
    // Also a bid of the vendor's committed meanwhile (the unique key): rare, and worth seeing.
    onBatchFailure: (err, size) =>
      log.warn({ err, size }, 'POST bid: a batch failed; each write is tried alone'),
  });

  /**
   * The request a bid write is about, locked for the rest of the transaction (bid-write-target.ts).
   * A vendor that raised the request (its reporter) may read it but never bid on it: it would price
   * work it asked for itself.
   */
  async function visibleTarget(tx: DbOrTx, user: UserRow, id: number, now: Date): Promise<BidWriteTarget> {
    const target = await loadBidWriteTarget(tx, user, id, now);
    if (target.visible.createdById === user.id) throw new HttpError(403, OWN_REQUEST);
    return target;
  }

  return {
    async placeFast(target, user, requestId, input, now, claim) {
      if (target !== db) {
        return claim === undefined ? placeBid(target, user, requestId, input, now) : undefined;
      }
      const write = bidWrite(user, requestId, input, now, claim);
      return write === undefined ? undefined : placements.submit(write);
    },

    async placeChecked(tx, user, requestId, readInput, now) {
      const target = await visibleTarget(tx, user, requestId, now);
      const input = readInput();
      if (target.insuranceExpiresOn && target.insuranceExpiresOn < insuranceDay(now)) {
        throw new HttpError(403, { code: 'INSURANCE_EXPIRED', detail: ERROR_MESSAGES.INSURANCE_EXPIRED });
      }
      requireAvailable(target);
      const duplicate = (bidId: number) =>
        new HttpError(409, { code: 'DUPLICATE_BID', bidId, detail: ERROR_MESSAGES.DUPLICATE_BID });
      if (target.ownBidId !== null) throw duplicate(target.ownBidId);
      const bid = await insertBid(tx, target.id, user.id, input);
      if (!bid) throw duplicate((await findOwnBidId(tx, user.id, target.id)) ?? 0);
      return bid;
    },

    async edit(tx, user, requestId, readInput, now) {
      const target = await visibleTarget(tx, user, requestId, now);
      const input = readInput();
      if (target.ownBidId === null) throw notFound(BID_NOT_FOUND);
      requireAvailable(target);
      const updated = await updatePendingBid(tx, target.ownBidId, input);
      if (!updated) throw new HttpError(409, NOT_EDITABLE);
      return updated;
    },

    async withdraw(tx, user, bidId) {
      const bid = await findVendorBid(tx, bidId, user.id);
      if (!bid) throw notFound(BID_NOT_FOUND);
      const updated = await withdrawPendingBid(tx, bid);
      if (!updated) throw new HttpError(409, NOT_EDITABLE);
      return updated;
    },
  };
}
