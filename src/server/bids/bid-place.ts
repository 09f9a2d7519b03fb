import { sql } from 'drizzle-orm';
import type { BidInput } from '#shared/bid-schemas.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { DbOrTx } from '../db/db-or-tx.ts';
import { reusedSql } from '../db/reused-statement.ts';
import { bids } from '../db/schema/bids.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { tableRow } from '../db/table-row.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { CLAIM_PLACEHOLDERS, claimKeySql, claimValues, type KeyClaim } from '../idempotency/key-claim.ts';
import { vendorSeesRequest } from '../requests/vendor-visibility-sql.ts';
import { bidBody, insuranceDay } from './bid-access.ts';
import { type BidRow, bidColumns } from './bid-store.ts';

const vendorId = sql.placeholder('vendorId');

/**
 * The checks of a bid that every check lets through, on the request `mr` it locks: the vendor may
 * see the request (vendor-visibility-sql.ts, its trades read now), did not raise it, its insurance
 * covers today, and the request takes bids at `now`.
 */
const PLACE_CHECKS = sql`${mr.id} = ${sql.placeholder('requestId')}::int
        and ${mr.createdById} <> ${vendorId}::int
        and ${vendorSeesRequest(
          vendorId,
          sql`${mr.type} = any(coalesce((select vp.service_categories from vendor_profiles vp where vp.user_id = ${vendorId}::int), '{}'))`,
        )}
        and not exists (
          select 1 from vendor_profiles vp where vp.user_id = ${vendorId}::int and vp.insurance_expires_on < ${sql.placeholder('today')}::date
        )
        and ${mr.status} = 'open' and ${mr.isOpenForBids}
        and (${mr.bidDeadline} is null or ${mr.bidDeadline} > ${sql.placeholder('now')}::timestamptz)`;

/** The bid's columns but its request (and id), from the statement's placeholders. */
const BID_VALUES = sql`${vendorId}::int, ${sql.placeholder('amount')}::int, ${sql.placeholder('estimatedTime')}::numeric,
      ${sql.placeholder('estimatedTimeUnit')}::text, ${sql.placeholder('proposedStartDate')}::timestamptz,
      ${sql.placeholder('notes')}::text, ${sql.placeholder('lineItems')}::jsonb, ${sql.placeholder('options')}::jsonb`;

/**
 * A bid that passes `PLACE_CHECKS`, placed by one statement (issue 14: BEGIN, the target, the insert
 * and COMMIT were four round trips). The request is locked FOR UPDATE as the award, close and cancel
 * steps lock it, until the statement commits, so a bid and an award still run one after the other:
 * an award that held the row first has changed its status by the time the lock is granted, and
 * PostgreSQL checks the row again (READ COMMITTED), so the bid finds nothing to insert. A bid the
 * vendor already has on the request leaves the insert nothing to do (UNIQUE(request_id, vendor_id)).
 */
const PLACE_SQL = sql`
    insert into bids (request_id, vendor_id, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options)
    select ${mr.id}, ${BID_VALUES}
    from ${mr}
    where ${PLACE_CHECKS}
    for update of ${mr}
    on conflict (request_id, vendor_id) do nothing
    returning *`;

/**
 * The same bid with the request's Idempotency-Key claimed by the same statement (the app's outbox
 * sends every bid with one; with the key's transaction it took eight round trips, then four): the
 * request that passes the checks and has no bid of the vendor yet (`target`, locked) draws the bid's
 * id, the key is claimed with its answer (`answer`: the bid's answer but for its id), and the bid is
 * inserted only if the key was claimed: a live key (answered, or in progress elsewhere) places
 * nothing. A bid of the same vendor on the same request committed while this one waited for the
 * lock is not in the statement's snapshot: UNIQUE(request_id, vendor_id) then fails the whole
 * statement, the claim with it, so a key never keeps a 201 for a bid that was not placed.
 */
const KEYED_PLACE_SQL = sql`
    with target as materialized (
      select nextval(pg_get_serial_sequence('bids', 'id'))::int as id, ${mr.id} as request_id
      from ${mr}
      where ${PLACE_CHECKS}
        and not exists (select 1 from bids b where b.request_id = ${mr.id} and b.vendor_id = ${vendorId}::int)
      for update of ${mr}
    ),
    ${claimKeySql(sql`target t`, CLAIM_PLACEHOLDERS, {
      status: 201,
      body: sql`jsonb_set(${sql.placeholder('answer')}::jsonb, '{id}', to_jsonb(t.id))`,
    })}
    insert into bids (id, request_id, vendor_id, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options)
    select t.id, t.request_id, ${BID_VALUES}
    from target t
    where exists (select 1 from claim)
    returning *`;

const placeStatement = reusedSql<Record<string, unknown>>('fieldbid_bid_place', () => PLACE_SQL);
const keyedPlaceStatement = reusedSql<Record<string, unknown>>(
  'fieldbid_bid_place_keyed',
  () => KEYED_PLACE_SQL,
);

/**
 * The vendor's new pending bid, with `claim` that Idempotency-Key claimed for it too; undefined when
 * no bid was placed: a check would refuse it, the key is live, a bid of the vendor on the request
 * was committed meanwhile, or the request is not the plain case (a vendor with staff rights). The
 * caller then runs the full checks (in the key's transaction, with a key), which answer the refusal
 * (404, 403, 409) or place the bid after all. Never a bid the full checks would refuse: `now` is the
 * caller's clock, as theirs.
 */
export async function placeBid(
  db: DbOrTx,
  user: UserRow,
  requestId: number,
  input: BidInput,
  now: Date,
  claim?: KeyClaim,
): Promise<BidRow | undefined> {
  // Staff see every request: their rare bids take the full path rather than a second statement.
  if (user.isStaff || user.isSuperuser) return undefined;
  const columns = bidColumns(input);
  const values = {
    requestId,
    vendorId: user.id,
    amount: columns.amount,
    estimatedTime: columns.estimatedTime,
    estimatedTimeUnit: columns.estimatedTimeUnit,
    proposedStartDate: columns.proposedStartDate.toISOString(),
    notes: columns.notes,
    lineItems: JSON.stringify(columns.lineItems),
    options: JSON.stringify(columns.options),
    today: insuranceDay(now),
    now: now.toISOString(),
  };
  if (claim === undefined) {
    const [raw] = await placeStatement(db, values);
    return raw === undefined ? undefined : tableRow(bids, raw);
  }
  const [raw] = await keyedPlaceStatement(db, {
    ...values,
    ...claimValues(claim),
    // The bid as it is answered, from the values it is written with (bidColumns: the schema's output
    // is exact in every column, times to the millisecond, estimated_time to its two decimals).
    answer: JSON.stringify(bidBody({ ...columns, id: 0, requestId, status: 'pending' })),
  }).catch((error: unknown) => {
    // A bid of the vendor's committed while this one waited: not placed, and the claim undone.
    if (isUniqueViolation(error)) return [];
    throw error;
  });
  return raw === undefined ? undefined : tableRow(bids, raw);
}
