import { sql } from 'drizzle-orm';
import type { BidInput } from '#shared/bid-schemas.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { reusedSql } from '../db/reused-statement.ts';
import { bids } from '../db/schema/bids.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { tableRow } from '../db/table-row.ts';
import { claimKeySql, claimValues, type KeyClaim } from '../idempotency/key-claim.ts';
import { vendorSeesRequest } from '../requests/vendor-visibility-sql.ts';
import { insuranceDay } from './bid-access.ts';
import type { BidRow } from './bid-store.ts';

const vendorId = sql.placeholder('vendorId');

/**
 * A bid that every check lets through, placed by one statement (issue 14: BEGIN, the target, the
 * insert and COMMIT were four round trips): the request is locked FOR UPDATE as the award, close and
 * cancel steps lock it, and the bid is inserted only if the vendor may see the request
 * (vendor-visibility-sql.ts, its trades read now), did not raise it, its insurance covers today, the
 * request takes bids at `now`, and the vendor has no bid on it yet. The lock holds until the
 * statement commits, so a bid and an award still run one after the other: an award that held the
 * row first has changed its status by the time the lock is granted, and PostgreSQL checks the row
 * again (READ COMMITTED), so the bid finds nothing to insert.
 */
const placeSql = () => sql`
    insert into bids (request_id, vendor_id, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options)
    select ${mr.id}, ${vendorId}::int, ${sql.placeholder('amount')}::int, ${sql.placeholder('estimatedTime')}::numeric,
      ${sql.placeholder('estimatedTimeUnit')}::text, ${sql.placeholder('proposedStartDate')}::timestamptz,
      ${sql.placeholder('notes')}::text, ${sql.placeholder('lineItems')}::jsonb, ${sql.placeholder('options')}::jsonb
    from ${mr}
    where ${mr.id} = ${sql.placeholder('requestId')}::int
      and ${mr.createdById} <> ${vendorId}::int
      and ${vendorSeesRequest(
        vendorId,
        sql`${mr.type} = any(coalesce((select vp.service_categories from vendor_profiles vp where vp.user_id = ${vendorId}::int), '{}'))`,
      )}
      and not exists (
        select 1 from vendor_profiles vp where vp.user_id = ${vendorId}::int and vp.insurance_expires_on < ${sql.placeholder('today')}::date
      )
      and ${mr.status} = 'open' and ${mr.isOpenForBids}
      and (${mr.bidDeadline} is null or ${mr.bidDeadline} > ${sql.placeholder('now')}::timestamptz)
    for update of ${mr}
    on conflict (request_id, vendor_id) do nothing
    returning *`;

const placeStatement = reusedSql<Record<string, unknown>>('fieldbid_bid_place', placeSql);

/**
 * The same bid with the request's Idempotency-Key claimed by the same statement (the app's outbox
 * sends every bid with one): the key only for a bid placed, its answer stored by the caller in the
 * statement's transaction, which rolls the bid back when the key is live (`claimed` false: answered
 * or in progress elsewhere). The claim cannot decide the bid instead: the bid's own checks and its
 * unique (request, vendor) decide whether it is placed, and a key must never keep a 201 for a bid a
 * concurrent one kept out.
 */
const keyedPlaceStatement = reusedSql<Record<string, unknown> & { claimed: boolean }>(
  'fieldbid_bid_place_keyed',
  () => sql`
    with placed as (${placeSql()}),
    ${claimKeySql(sql`placed`)}
    select placed.*, exists (select 1 from claim) as claimed from placed`,
);

/**
 * The vendor's new pending bid, or undefined when any check would refuse it or the request is not
 * the plain case (a vendor with staff rights): the caller then runs the full checks, which answer
 * the refusal (404, 403, 409) or place the bid after all. Never a bid the full checks would refuse:
 * `now` is the caller's clock, as theirs.
 */
export async function placeBid(
  db: DbOrTx,
  user: UserRow,
  requestId: number,
  input: BidInput,
  now: Date,
): Promise<BidRow | undefined> {
  // Staff see every request: their rare bids take the full path rather than a second statement.
  if (user.isStaff || user.isSuperuser) return undefined;
  const [raw] = await placeStatement(db, placeValues(user, requestId, input, now));
  return raw === undefined ? undefined : tableRow(bids, raw);
}

/**
 * `placeBid` claiming `claim` too, in the transaction `tx` (see `keyedPlaceStatement`): the bid and
 * whether its key was claimed; undefined when no bid was placed (nor key claimed).
 */
export async function placeKeyedBid(
  tx: DbOrTx,
  user: UserRow,
  requestId: number,
  input: BidInput,
  now: Date,
  claim: KeyClaim,
): Promise<{ bid: BidRow; claimed: boolean } | undefined> {
  if (user.isStaff || user.isSuperuser) return undefined;
  const [raw] = await keyedPlaceStatement(tx, {
    ...placeValues(user, requestId, input, now),
    ...claimValues(claim),
  });
  return raw === undefined ? undefined : { bid: tableRow(bids, raw), claimed: raw.claimed };
}

function placeValues(user: UserRow, requestId: number, input: BidInput, now: Date) {
  return {
    requestId,
    vendorId: user.id,
    amount: input.amount,
    estimatedTime: input.estimated_time,
    estimatedTimeUnit: input.estimated_time_unit,
    proposedStartDate: new Date(input.proposed_start_date).toISOString(),
    notes: input.notes,
    lineItems: JSON.stringify(input.line_items),
    options: JSON.stringify(input.options),
    today: insuranceDay(now),
    now: now.toISOString(),
  };
}
