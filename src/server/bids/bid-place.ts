import { type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { inItemOrder } from '#server/db/group-commit.ts';
import { reusedSql } from '#server/db/reused-statement.ts';
import { bids } from '#server/db/schema/bids.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { tableRow } from '#server/db/table-row.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import {
  claimedOrKeyless,
  claimKeySql,
  KEY_COLUMN_TYPES,
  type KeyClaim,
  type KeyColumns,
  keyColumns,
} from '#server/idempotency/key-claim.ts';
import { bidBody, insuranceDay } from '#server/request-core/bid-access.ts';
import { vendorSeesRequest } from '#server/request-core/vendor-visibility-sql.ts';
import type { BidInput } from '#shared/bid-schemas.ts';
import { type BidRow, bidColumns } from './bid-store.ts';

/** The values a bid's checks read, as SQL: one bid's placeholders, or a batch row's columns. */
interface CheckedBid {
  requestId: SQL;
  vendorId: SQL;
  today: SQL;
  now: SQL;
}

/**
 * The checks of a bid that every check lets through, on the request `mr` it locks: staff have
 * approved the vendor (vendor_profiles.approved_at, as bid-write-target.ts checks), it may see the
 * request (vendor-visibility-sql.ts, its trades read now), did not raise it, its insurance covers
 * today, and the request takes bids at `now`.
 */
const placeChecks = ({ requestId, vendorId, today, now }: CheckedBid) => sql`${mr.id} = ${requestId}
        and ${mr.createdById} <> ${vendorId}
        and exists (
          select 1 from vendor_profiles vp where vp.user_id = ${vendorId} and vp.approved_at is not null
        )
        and ${vendorSeesRequest(
          vendorId,
          sql`${mr.type} = any(coalesce((select vp.service_categories from vendor_profiles vp where vp.user_id = ${vendorId}), '{}'))`,
        )}
        and not exists (
          select 1 from vendor_profiles vp where vp.user_id = ${vendorId} and vp.insurance_expires_on < ${today}
        )
        and ${mr.status} = 'open' and ${mr.isOpenForBids}
        and (${mr.bidDeadline} is null or ${mr.bidDeadline} > ${now})`;

/**
 * A bid that passes `placeChecks`, placed by one statement (BEGIN, the target, the insert
 * and COMMIT were four round trips). The request is locked FOR UPDATE as the award, close and cancel
 * steps lock it, until the statement commits, so a bid and an award still run one after the other:
 * an award that held the row first has changed its status by the time the lock is granted, and
 * PostgreSQL checks the row again (READ COMMITTED), so the bid finds nothing to insert. A bid the
 * vendor already has on the request leaves the insert nothing to do (UNIQUE(request_id, vendor_id)).
 * Used inside a transaction (the key's, when the claiming write placed nothing).
 */
const PLACE_SQL = sql`
    insert into bids (request_id, vendor_id, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options)
    select ${mr.id}, ${sql.placeholder('vendorId')}::int, ${sql.placeholder('amount')}::int,
      ${sql.placeholder('estimatedTime')}::numeric, ${sql.placeholder('estimatedTimeUnit')}::text,
      ${sql.placeholder('proposedStartDate')}::timestamptz, ${sql.placeholder('notes')}::text,
      ${sql.placeholder('lineItems')}::jsonb, ${sql.placeholder('options')}::jsonb
    from ${mr}
    where ${placeChecks({
      requestId: sql`${sql.placeholder('requestId')}::int`,
      vendorId: sql`${sql.placeholder('vendorId')}::int`,
      today: sql`${sql.placeholder('today')}::date`,
      now: sql`${sql.placeholder('now')}::timestamptz`,
    })}
    for update of ${mr}
    on conflict (request_id, vendor_id) do nothing
    returning *`;

/**
 * Bids that arrive together, placed by one statement (db/group-commit.ts, as messages are): each
 * request that passes its bid's checks and has no bid of the vendor yet (`target`) is locked, in the
 * order of its id, and draws the bid's id. A request another transaction holds (an award, a bid in
 * the other statement in flight) is skipped, not waited for: its bid is not placed here and the full
 * checks, which wait for the lock in a transaction of their own, answer it; so one held request
 * never holds up the bids beside it, nor the bids behind them. A bid with an Idempotency-Key (the app's outbox sends every bid
 * with one; with the key's transaction it took eight round trips) claims it with its answer
 * (`answer`: the bid's answer but for its id), and is inserted only if the key was claimed: a live
 * key (answered, or in progress elsewhere) places nothing. A bid of the same vendor on the same
 * request committed while this one waited for the lock is not in the statement's snapshot:
 * UNIQUE(request_id, vendor_id) then fails the whole statement, claims with it, so a key never keeps
 * a 201 for a bid that was not placed, and each bid is tried again alone.
 */
const BATCH_PLACE_SQL = sql`
    with batch as (
      select * from json_to_recordset(${sql.placeholder('bids')}::json) as b(
        batch_ord int, request_id int, vendor_id int, amount int, estimated_time numeric, estimated_time_unit text,
        proposed_start_date timestamptz, notes text, line_items jsonb, options jsonb, today date, now timestamptz,
        answer jsonb, ${KEY_COLUMN_TYPES}
      )
    ),
    target as materialized (
      select nextval(pg_get_serial_sequence('bids', 'id'))::int as id, b.*
      from batch b join ${mr} on ${mr.id} = b.request_id
      -- The requests by their ids first: the planner, which counts a recordset as 100 rows, would
      -- otherwise read the whole table to join it.
      where ${mr.id} = any(array(select request_id from batch))
        and ${placeChecks({ requestId: sql`b.request_id`, vendorId: sql`b.vendor_id`, today: sql`b.today`, now: sql`b.now` })}
        and not exists (select 1 from bids own where own.request_id = b.request_id and own.vendor_id = b.vendor_id)
      order by ${mr.id}
      for update of ${mr} skip locked
    ),
    ${claimKeySql(sql`target t`, 't', {
      status: 201,
      body: sql`jsonb_set(t.answer, '{id}', to_jsonb(t.id))`,
    })},
    placed as (
      insert into bids (id, request_id, vendor_id, amount, estimated_time, estimated_time_unit, proposed_start_date,
        notes, line_items, options)
      select t.id, t.request_id, t.vendor_id, t.amount, t.estimated_time, t.estimated_time_unit, t.proposed_start_date,
        t.notes, t.line_items, t.options
      from target t
      where ${claimedOrKeyless('t')}
      returning *
    )
    select t.batch_ord, placed.* from placed join target t on t.id = placed.id`;

const placeStatement = reusedSql<Record<string, unknown>>('fieldbid_bid_place', () => PLACE_SQL);
const batchPlaceStatement = reusedSql<Record<string, unknown> & { batch_ord: number }>(
  'fieldbid_bid_place_batch',
  () => BATCH_PLACE_SQL,
);

/** A bid as the batched statement takes it (`bidWrite`), one of a batch. */
export interface BidWrite extends KeyColumns {
  request_id: number;
  vendor_id: number;
  amount: number;
  estimated_time: number;
  estimated_time_unit: string;
  proposed_start_date: string;
  notes: string;
  line_items: unknown;
  options: unknown;
  today: string;
  now: string;
  answer: unknown;
}

/**
 * The vendor's bid as the batched statement places it, with `claim` that Idempotency-Key claimed
 * for it; undefined for a vendor with staff rights, whose rare bids take the full checks. `now` is
 * the caller's clock, as the full checks' (a bid they would refuse is never placed).
 */
export function bidWrite(
  user: UserRow,
  requestId: number,
  input: BidInput,
  now: Date,
  claim?: KeyClaim,
): BidWrite | undefined {
  if (user.isStaff || user.isSuperuser) return undefined;
  const columns = bidColumns(input);
  return {
    request_id: requestId,
    vendor_id: user.id,
    amount: columns.amount,
    estimated_time: columns.estimatedTime,
    estimated_time_unit: columns.estimatedTimeUnit,
    proposed_start_date: columns.proposedStartDate.toISOString(),
    notes: columns.notes,
    line_items: columns.lineItems,
    options: columns.options,
    today: insuranceDay(now),
    now: now.toISOString(),
    ...keyColumns(claim),
    // The bid as it is answered, from the values it is written with (bidColumns: the schema's output
    // is exact in every column, times to the millisecond, estimated_time to its two decimals).
    // A placed bid is at version 1 (migration 0023).
    answer:
      claim === undefined ? null : bidBody({ ...columns, id: 0, version: 1, requestId, status: 'pending' }),
  };
}

/**
 * Places a batch of bids in one statement (`BATCH_PLACE_SQL`) and answers each one's row, or
 * undefined where none was placed: a check would refuse it, its key is live, or (a lone bid) the
 * vendor's bid on the request was committed meanwhile. The caller then runs the full checks (in the
 * key's transaction, with a key), which answer the refusal (404, 403, 409) or place the bid after all.
 */
export async function placeBids(db: DbOrTx, writes: readonly BidWrite[]): Promise<(BidRow | undefined)[]> {
  const batch = writes.map((write, batchOrd) => ({ ...write, batch_ord: batchOrd }));
  try {
    const rows = await batchPlaceStatement(db, { bids: JSON.stringify(batch) });
    return inItemOrder(rows, writes.length, (row) => row.batch_ord).map((row) =>
      row === undefined ? undefined : tableRow(bids, row),
    );
  } catch (error) {
    // The claim is undone with the statement; a batch is tried again bid by bid (GroupCommit).
    if (writes.length === 1 && isUniqueViolation(error)) return [undefined];
    throw error;
  }
}

/**
 * One bid without a key, in the transaction `db` (`PLACE_SQL`): its row, or undefined when none was
 * placed (see `placeBids`).
 */
export async function placeBid(
  db: DbOrTx,
  user: UserRow,
  requestId: number,
  input: BidInput,
  now: Date,
): Promise<BidRow | undefined> {
  const write = bidWrite(user, requestId, input, now);
  if (write === undefined) return undefined;
  const [raw] = await placeStatement(db, {
    requestId,
    vendorId: write.vendor_id,
    amount: write.amount,
    estimatedTime: write.estimated_time,
    estimatedTimeUnit: write.estimated_time_unit,
    proposedStartDate: write.proposed_start_date,
    notes: write.notes,
    lineItems: JSON.stringify(write.line_items),
    options: JSON.stringify(write.options),
    today: write.today,
    now: write.now,
  });
  return raw === undefined ? undefined : tableRow(bids, raw);
}
