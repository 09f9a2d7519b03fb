import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx, Tx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr, requestStatusHistory } from '#server/db/schema/requests.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import {
  allowedActions,
  checkTransition,
  type LifecycleAction,
  type LifecycleEvent,
  type LifecycleRole,
  type LifecycleState,
  roleMayAct,
} from '#shared/request-lifecycle.ts';
import type { LifecycleAnswer } from '#shared/request-responses.ts';
import { managesRequest, type VisibilityViewer } from '#shared/request-visibility.ts';
import { REQUEST_STATUS_LABELS } from '#shared/status-labels.ts';
import type { RequestStatus } from '#shared/statuses.ts';

export const REQUEST_NOT_FOUND = 'Request not found.';

export type RequestRow = typeof mr.$inferSelect;

/** A request with what decides the asker's part in it. */
export interface RequestParties {
  row: RequestRow;
  projectClientId: number | null;
  awardedVendorId: number | null;
}

/**
 * Reads a request and its parties; with `lock` the request row is held FOR UPDATE until the
 * transaction ends, so two racing lifecycle calls (two awards) run one after the other and the
 * second sees the first one's result.
 */
export async function loadParties(db: DbOrTx, id: number, lock = false): Promise<RequestParties> {
  const query = db.select().from(mr).where(eq(mr.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  let projectClientId: number | null = null;
  if (row.projectId !== null) {
    const [project] = await db
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, row.projectId));
    projectClientId = project?.clientId ?? null;
  }
  let awardedVendorId: number | null = null;
  if (row.awardedBidId !== null) {
    const [bid] = await db
      .select({ vendorId: bids.vendorId })
      .from(bids)
      .where(eq(bids.id, row.awardedBidId));
    awardedVendorId = bid?.vendorId ?? null;
  }
  return { row, projectClientId, awardedVendorId };
}

/**
 * The asker's part: the managing side (staff, the owning client's managers; never the creator as
 * such, so a vendor that reported the work is not one), the vendor whose bid was awarded, or none.
 */
export function roleOf(viewer: VisibilityViewer, parties: RequestParties): LifecycleRole {
  const visible = {
    createdById: parties.row.createdById,
    projectClientId: parties.projectClientId,
    type: parties.row.type,
    inviteAll: parties.row.inviteAll,
    invitedVendorIds: [],
    openToVendors: parties.row.openedToVendorsAt !== null,
  };
  if (managesRequest(viewer, visible)) return 'manager';
  if (parties.awardedVendorId !== null && viewer.id === parties.awardedVendorId) return 'awarded_vendor';
  return 'none';
}

export function stateOf(row: RequestRow): LifecycleState {
  return {
    status: row.status,
    isOpenForBids: row.isOpenForBids,
    vendorCompleted: row.vendorCompletedAt !== null,
    awarded: row.awardedBidId !== null,
  };
}

export function requireRole(action: LifecycleAction, role: LifecycleRole): void {
  if (!roleMayAct(action, role)) throw forbidden();
}

/** 409 INVALID_TRANSITION with the reason, or the event and status the step leads to. */
export function requireTransition(
  action: LifecycleAction,
  row: RequestRow,
): { event: LifecycleEvent | null; to: RequestStatus } {
  const check = checkTransition(action, stateOf(row));
  if (!check.ok) throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: check.detail });
  return { event: check.event, to: check.to };
}

export interface Step {
  requestId: number;
  event: LifecycleEvent;
  from: RequestStatus;
  to: RequestStatus;
  userId: number;
  note: string;
  at: Date;
}

export async function recordStep(tx: DbOrTx, step: Step): Promise<void> {
  await tx.insert(requestStatusHistory).values({
    requestId: step.requestId,
    event: step.event,
    fromStatus: step.from,
    toStatus: step.to,
    changedById: step.userId,
    note: step.note,
    createdAt: step.at,
  });
}

const isoOrNull = (moment: Date | null) => moment?.toISOString() ?? null;

/** What every lifecycle call answers: the request's new state and what the asker may do next. */
export function lifecycleBody(row: RequestRow, role: LifecycleRole): LifecycleAnswer {
  return {
    id: row.id,
    status: row.status,
    bidding_config: { is_open_for_bids: row.isOpenForBids, bid_deadline: isoOrNull(row.bidDeadline) },
    awarded_bid_id: row.awardedBidId,
    vendor_completed_at: isoOrNull(row.vendorCompletedAt),
    completion_note: row.completionNote,
    completed_at: isoOrNull(row.completedAt),
    allowed_actions: allowedActions(stateOf(row), role),
  };
}

/**
 * A managing-side change to an Open request, in one transaction, checked in the lifecycle calls'
 * order: 404 → 403 (not its managing side) → 400 (`checkBody`, so the schema's refusal waits) →
 * 409 INVALID_TRANSITION with `notOpen(the status's label)` unless it is Open. The request is held
 * FOR UPDATE, so a racing cancel, or a second manager making the same change, waits for this one.
 */
export async function changeOpenRequest<T>(
  db: Db,
  viewer: VisibilityViewer,
  id: number,
  checks: { checkBody: () => void; notOpen: (status: string) => string },
  change: (tx: Tx, row: RequestRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const parties = await loadParties(tx, id, true);
    if (roleOf(viewer, parties) !== 'manager') throw forbidden();
    checks.checkBody();
    const { row } = parties;
    if (row.status !== 'open') {
      throw new HttpError(409, {
        code: 'INVALID_TRANSITION',
        detail: checks.notOpen(REQUEST_STATUS_LABELS[row.status]),
      });
    }
    return change(tx, row);
  });
}
