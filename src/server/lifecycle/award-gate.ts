import type { FastifyInstance } from 'fastify';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Tx } from '#server/db/db-or-tx.ts';
import type { RequestParties } from '#server/request-core/lifecycle-access.ts';
import type { ChosenOption } from './award-effect.ts';
import type { AwardCandidate } from './bid-decisions.ts';

/*
 * The check an award passes before it is done: approval before work (docs/decisions/owner-approval.md)
 * puts an award above the limit to the property's owners instead. Defined here and provided by a
 * higher floor (src/server/owner-approval/), which awards through award-effect.ts when the owner says
 * yes; an app without it awards everything.
 */

export interface AwardGateCall {
  tx: Tx;
  user: UserRow;
  parties: RequestParties;
  bid: AwardCandidate;
  option: ChosenOption | null;
  amount: number;
  now: Date;
  recommendationNote: string;
}

/** award: go ahead now; wait: the award waits for the owners' approval `approvalId`. */
export type AwardGateVerdict = { award: true } | { award: false; approvalId: number };

export type AwardGate = (call: AwardGateCall) => Promise<AwardGateVerdict>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the owner-approval plugin; absent, every award goes ahead. */
    awardGate?: AwardGate;
  }
}

export async function passAwardGate(app: FastifyInstance, call: AwardGateCall): Promise<AwardGateVerdict> {
  return app.awardGate ? app.awardGate(call) : { award: true };
}
