import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '#server/bids/bid-place.ts';
import { createBidService } from '#server/bids/bid-service.ts';
import type { Database, Db } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { HttpError } from '#server/http/http-error.ts';
import { type BidInput, bidInputSchema } from '#shared/bid-schemas.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import { makeUser } from '../support/factories.ts';
import { makeRequest, makeRequestWorld, makeVendorProfile } from '../support/request-factories.ts';
import { openTestDatabase } from '../support/test-database.ts';

// The bid rule is written twice: in SQL for the fast path (bid-place.ts, one statement that places a
// bid only when every check lets it through) and in TypeScript for the full checks (bid-service.ts,
// which answer each refusal). Generated request and vendor states: the fast path places a bid
// exactly when the full checks accept it. Staff vendors are left out on purpose: the fast path
// leaves their rare bids to the full checks.

const NOW = new Date('2026-06-15T12:00:00Z');
const INPUT: BidInput = bidInputSchema.parse({
  amount: 750,
  estimated_time: 3.5,
  estimated_time_unit: 'days',
  proposed_start_date: '2026-07-01T09:00:00Z',
  notes: 'Includes parts',
});

/**
 * A state field that is mostly what lets a bid through (`good`), sometimes anything else: a bid is
 * accepted only when every field lets it through, so uniform fields would almost never reach one.
 */
function mostly<T>(good: T, ...others: T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(good) },
    { weight: 1, arbitrary: fc.constantFrom(good, ...others) },
  );
}

const stateArbitrary = fc.record({
  status: mostly<RequestStatus>('open', 'in_progress', 'completed', 'cancelled'),
  isOpenForBids: mostly(true, false),
  deadline: mostly('none', 'past', 'future'),
  inviteAll: fc.boolean(),
  openToVendors: mostly(true, false),
  tradeMatches: mostly(true, false),
  invited: fc.boolean(),
  hasProfile: mostly(true, false),
  approved: mostly(true, false),
  insurance: mostly('valid', 'none', 'expired', 'today'),
  ownReport: mostly(false, true),
  alreadyBid: mostly(false, true),
});
type State = typeof stateArbitrary extends fc.Arbitrary<infer T> ? T : never;

class Rollback extends Error {}

/** Runs `body` in a savepoint that is always rolled back: each side starts from the same rows. */
async function tried<T>(tx: Db, body: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await tx
    .transaction(async (inner) => {
      result = await body(inner as unknown as Db);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function outcomes(
  state: State,
): Promise<{ fastPlaced: boolean; fullAccepted: boolean; refusal?: string }> {
  let out: { fastPlaced: boolean; fullAccepted: boolean; refusal?: string } | undefined;
  await tried(database.db, async (tx) => {
    const world = await makeRequestWorld(tx);
    const vendor = await makeUser(tx, { type: 'vendor' });
    if (state.hasProfile) {
      await makeVendorProfile(tx, {
        userId: vendor.id,
        serviceCategories: state.tradeMatches ? ['Plumbing'] : ['Electrical'],
        approvedAt: state.approved ? new Date('2026-01-01T00:00:00Z') : null,
        insuranceExpiresOn: { none: null, expired: '2026-06-14', today: '2026-06-15', valid: '2027-01-01' }[
          state.insurance
        ],
      });
    }
    const request = await makeRequest(tx, {
      type: 'Plumbing',
      createdById: state.ownReport ? vendor.id : world.manager.id,
      projectId: world.project.id,
      status: state.status,
      isOpenForBids: state.isOpenForBids,
      inviteAll: state.inviteAll,
      openedToVendorsAt: state.openToVendors ? new Date('2026-06-01T00:00:00Z') : null,
      bidDeadline: {
        none: null,
        past: new Date('2026-06-15T11:59:00Z'),
        future: new Date('2026-06-15T12:01:00Z'),
      }[state.deadline],
      invited: state.invited ? [vendor.id] : [],
    });
    if (state.alreadyBid) {
      await tx.insert(bids).values({
        requestId: request.id,
        vendorId: vendor.id,
        amount: 500,
        estimatedTime: 2,
        estimatedTimeUnit: 'days',
        proposedStartDate: new Date('2026-07-01T09:00:00Z'),
        notes: '',
      });
    }
    const service = createBidService(database.db, console as never);
    const fastPlaced = await tried(
      tx,
      async (inner) => (await placeBid(inner, vendor, request.id, INPUT, NOW)) !== undefined,
    );
    const full = await tried(tx, async (inner) =>
      service
        .placeChecked(inner, vendor, request.id, () => INPUT, NOW)
        .then(
          () => ({ accepted: true as const }),
          (error: unknown) => {
            if (error instanceof HttpError)
              return { accepted: false as const, refusal: `${error.statusCode}` };
            throw error;
          },
        ),
    );
    out = { fastPlaced, fullAccepted: full.accepted, refusal: full.accepted ? undefined : full.refusal };
  });
  if (!out) throw new Error('no outcome');
  return out;
}

describe('the bid rule, fast path against full checks', () => {
  it('places a bid on the fast path exactly when the full checks accept it', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(stateArbitrary, async (state) => {
        const { fastPlaced, fullAccepted } = await outcomes(state);
        if (fullAccepted) accepted += 1;
        expect({ state, fastPlaced }).toEqual({ state, fastPlaced: fullAccepted });
      }),
      { numRuns: 150, seed: 20261207 },
    );
    // The generator reaches both answers, so the property is about something.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(150);
  }, 240_000);

  it('agrees on the states each check is about, one at a time', async () => {
    const open: State = {
      status: 'open',
      isOpenForBids: true,
      deadline: 'none',
      inviteAll: false,
      openToVendors: true,
      tradeMatches: true,
      invited: false,
      hasProfile: true,
      approved: true,
      insurance: 'valid',
      ownReport: false,
      alreadyBid: false,
    };
    expect(await outcomes(open)).toEqual({ fastPlaced: true, fullAccepted: true });
    const refusals: Partial<State>[] = [
      { approved: false },
      { hasProfile: false },
      { tradeMatches: false },
      { openToVendors: false },
      { ownReport: true },
      { insurance: 'expired' },
      { status: 'in_progress' },
      { isOpenForBids: false },
      { deadline: 'past' },
      { alreadyBid: true },
    ];
    for (const change of refusals) {
      const outcome = await outcomes({ ...open, ...change });
      expect({ change, ...outcome, refusal: undefined }).toEqual({
        change,
        fastPlaced: false,
        fullAccepted: false,
        refusal: undefined,
      });
    }
  }, 240_000);
});
