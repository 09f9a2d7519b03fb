import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '#server/db/schema/bids.ts';
import { maintenanceRequests, requestStatusHistory } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

/**
 * Every lifecycle call, from every state, by every kind of asker: the answer is 401 signed out,
 * 403 for an asker the step does not belong to, 409 INVALID_TRANSITION for a step the state does
 * not allow, else 200 with its history row. The table below is written out by hand on purpose
 * (not derived from src/shared/request-lifecycle.ts), so the module cannot agree with itself.
 */

let t: TestAppWithFiles;
let projectId: number;
const users: Record<string, number> = {};
const as: Record<string, TestClient> = {};

type StateName =
  | 'open'
  | 'biddingClosed'
  | 'inProgress'
  | 'vendorDone'
  | 'completed'
  | 'cancelledOpen'
  | 'cancelledAwarded';
type Call = 'award' | 'bidding' | 'cancel' | 'complete' | 'confirm' | 'send-back' | 'reopen';
type Role = 'creator' | 'colleague' | 'outsider' | 'winner' | 'otherVendor' | 'staff' | 'signedOut';

const STATES: StateName[] = [
  'open',
  'biddingClosed',
  'inProgress',
  'vendorDone',
  'completed',
  'cancelledOpen',
  'cancelledAwarded',
];
const CALLS: Call[] = ['award', 'bidding', 'cancel', 'complete', 'confirm', 'send-back', 'reopen'];
const ROLES: Role[] = ['creator', 'colleague', 'outsider', 'winner', 'otherVendor', 'staff', 'signedOut'];

/** Which calls each state allows (for the asker the call belongs to). */
const LEGAL: Record<StateName, Call[]> = {
  open: ['award', 'bidding', 'cancel'],
  biddingClosed: ['award', 'bidding', 'cancel'],
  inProgress: ['cancel', 'complete'],
  vendorDone: ['cancel', 'confirm', 'send-back'],
  completed: [],
  cancelledOpen: ['reopen'],
  cancelledAwarded: [],
};
const MANAGING: Role[] = ['creator', 'colleague', 'staff'];
const AWARDED: StateName[] = ['inProgress', 'vendorDone', 'completed', 'cancelledAwarded'];

/** The event and statuses a successful call writes to request_status_history (bidding writes none). */
const STEP: Record<Call, { event: string; to: string } | null> = {
  award: { event: 'awarded', to: 'in_progress' },
  bidding: null,
  cancel: { event: 'cancelled', to: 'cancelled' },
  complete: { event: 'vendor_completed', to: 'in_progress' },
  confirm: { event: 'confirmed', to: 'completed' },
  'send-back': { event: 'reopened', to: 'in_progress' },
  reopen: { event: 'reopened', to: 'open' },
};

function expectedStatus(call: Call, state: StateName, role: Role): number {
  if (role === 'signedOut') return 401;
  const mine = call === 'complete' ? role === 'winner' && AWARDED.includes(state) : MANAGING.includes(role);
  if (!mine) return 403;
  return LEGAL[state].includes(call) ? 200 : 409;
}

/** A request in `state` with two bids: the winner's (accepted once awarded) and another vendor's. */
async function requestIn(state: StateName) {
  const awarded = AWARDED.includes(state);
  const status = {
    open: 'open',
    biddingClosed: 'open',
    inProgress: 'in_progress',
    vendorDone: 'in_progress',
    completed: 'completed',
    cancelledOpen: 'cancelled',
    cancelledAwarded: 'cancelled',
  } as const;
  const request = await makeRequest(t.db, {
    createdById: users.creator!,
    projectId,
    type: 'Plumbing',
    status: status[state],
    isOpenForBids: state === 'open',
    vendorCompletedAt: state === 'vendorDone' || state === 'completed' ? new Date() : null,
    completedAt: state === 'completed' ? new Date() : null,
  });
  const winnerBid = await makeBid(t.db, {
    requestId: request.id,
    vendorId: users.winner!,
    status: awarded ? 'accepted' : state === 'cancelledOpen' ? 'rejected' : 'pending',
  });
  const otherBid = await makeBid(t.db, {
    requestId: request.id,
    vendorId: users.otherVendor!,
    status: state === 'open' || state === 'biddingClosed' ? 'pending' : 'rejected',
  });
  if (awarded) {
    await t.db
      .update(maintenanceRequests)
      .set({ awardedBidId: winnerBid.id })
      .where(eq(maintenanceRequests.id, request.id));
  }
  return { id: request.id, winnerBid: winnerBid.id, otherBid: otherBid.id, status: status[state] };
}

function payload(call: Call, bidId: number): unknown {
  switch (call) {
    case 'award':
      return { bid_id: bidId };
    case 'bidding':
      return { is_open_for_bids: false };
    case 'cancel':
      return { reason: 'Tenant fixed it' };
    case 'complete':
      return { note: 'Replaced the trap' };
    case 'send-back':
      return { note: 'Still dripping' };
    default:
      return {};
  }
}

beforeAll(async () => {
  t = await startTestAppWithFiles('lifecycle-matrix');
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: client.id })).id;
  const made = {
    creator: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    colleague: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    outsider: await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id }),
    winner: await makeVendor(t.db, { serviceCategories: ['Plumbing'] }),
    otherVendor: await makeVendor(t.db, { serviceCategories: ['Plumbing'] }),
    staff: await makeUser(t.db, { type: null, isStaff: true }),
  };
  for (const [role, user] of Object.entries(made)) users[role] = user.id;
  Object.assign(as, await signInEach(t.app, made));
  as.signedOut = new TestClient(t.app);
  await as.signedOut.csrfToken();
});

afterAll(async () => {
  await t.close();
});

describe('lifecycle calls: every state, every asker', () => {
  for (const call of CALLS) {
    for (const state of STATES) {
      const summary = ROLES.map((role) => `${role} ${expectedStatus(call, state, role)}`).join(', ');
      it(`POST ${call} on a ${state} request: ${summary}`, async () => {
        for (const role of ROLES) {
          const request = await requestIn(state);
          const bidId = state === 'open' || state === 'biddingClosed' ? request.otherBid : request.winnerBid;
          const response = await as[role]!.post(`/api/requests/${request.id}/${call}/`, payload(call, bidId));
          const expected = expectedStatus(call, state, role);
          expect(response.statusCode, `${role}: ${response.body}`).toBe(expected);
          const history = await t.db
            .select()
            .from(requestStatusHistory)
            .where(eq(requestStatusHistory.requestId, request.id));
          const [row] = await t.db
            .select()
            .from(maintenanceRequests)
            .where(eq(maintenanceRequests.id, request.id));
          if (expected === 409) {
            expect(response.json()).toEqual({ code: 'INVALID_TRANSITION', detail: expect.any(String) });
          }
          if (expected !== 200) {
            // A refused call changes nothing.
            expect(history).toEqual([]);
            expect(row!.status).toBe(request.status);
            continue;
          }
          const step = STEP[call];
          expect(response.json<{ status: string }>().status).toBe(step?.to ?? request.status);
          expect(row!.status).toBe(step?.to ?? request.status);
          if (step === null) {
            expect(history).toEqual([]);
          } else {
            expect(history).toEqual([
              expect.objectContaining({
                event: step.event,
                fromStatus: request.status,
                toStatus: step.to,
                changedById: users[role],
              }),
            ]);
          }
        }
      });
    }
  }

  it('refuses awarding a bid that is no longer pending with INVALID_TRANSITION', async () => {
    const request = await requestIn('open');
    await t.db
      .update(bids)
      .set({ status: 'withdrawn' })
      .where(and(eq(bids.id, request.otherBid)));
    const response = await as.creator!.post(`/api/requests/${request.id}/award/`, {
      bid_id: request.otherBid,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'INVALID_TRANSITION',
      detail: 'Only a pending bid can be awarded; this bid is withdrawn.',
    });
  });

  it('answers 404 for an unknown or malformed request id, before anything else', async () => {
    for (const path of ['/api/requests/999999/award/', '/api/requests/abc/cancel/']) {
      const response = await as.creator!.post(path, {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Request not found.' });
    }
  });
});
