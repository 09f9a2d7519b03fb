import type { DbOrTx } from '#server/db/db-or-tx.ts';
import type { VisitSide } from '#server/db/schema/job-visits.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import { loadParties, type RequestParties, roleOf } from '#server/request-core/lifecycle-access.ts';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import type { VisitAction } from '#shared/visit-schemas.ts';
import { VENDOR_ONLY, visitRefusal } from './visit-rules.ts';
import { type Property, readProperty, readVisit, type VisitRow } from './visit-store.ts';

export const VISIT_NOT_FOUND = 'Visit not found.';

/** The asker's part in a request, as a side of its visits. */
export interface JobParty {
  parties: RequestParties;
  side: VisitSide;
  property: Property;
}

/**
 * The request's parties and the asker's side: its managing side (staff, the client's managers) or
 * its awarded vendor; 404 for an unknown request, 403 for anyone else, in the lifecycle calls' order.
 * With `lock` the request row is held until the transaction ends.
 */
export async function jobParty(
  db: DbOrTx,
  viewer: VisibilityViewer,
  requestId: number,
  lock = false,
): Promise<JobParty> {
  const parties = await loadParties(db, requestId, lock);
  const role = roleOf(viewer, parties);
  if (role === 'none') throw forbidden();
  const property = await readProperty(db, parties.row.projectId);
  return { parties, side: role === 'manager' ? 'manager' : 'vendor', property };
}

export interface VisitParty extends JobParty {
  visit: VisitRow;
}

/** A visit and the asker's side in its job: 404 unknown visit → 403 not a party. */
export async function visitParty(
  db: DbOrTx,
  viewer: VisibilityViewer,
  visitId: number,
  lock = false,
): Promise<VisitParty> {
  const visit = await readVisit(db, visitId, lock);
  if (!visit) throw notFound(VISIT_NOT_FOUND);
  return { ...(await jobParty(db, viewer, visit.requestId)), visit };
}

/** 403 for a day's step asked by anyone but the awarded vendor. */
export function requireSideMay(action: VisitAction, side: VisitSide): void {
  if (VENDOR_ONLY.includes(action) && side !== 'vendor') throw forbidden();
}

/** 409 INVALID_TRANSITION with the reason the step is not open on the visit now. */
export function requireVisitStep(action: VisitAction, party: VisitParty): void {
  const refusal = visitRefusal(action, party.visit, party.side, party.parties.row.status);
  if (refusal !== null) throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: refusal });
}
