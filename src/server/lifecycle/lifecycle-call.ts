import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Tx } from '#server/db/db-or-tx.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { NewNotification } from '#server/notifications/notify.ts';
import {
  changeOpenRequest,
  lifecycleBody,
  loadParties,
  REQUEST_NOT_FOUND,
  type RequestParties,
  type RequestRow,
  recordStep,
  requireRole,
  requireTransition,
  roleOf,
} from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import type { LifecycleAction, LifecycleEvent, LifecycleRole } from '#shared/request-lifecycle.ts';
import { type LifecycleAnswer, lifecycleAnswerSchema } from '#shared/request-responses.ts';
import type { RequestStatus } from '#shared/statuses.ts';

export interface LifecycleContext<Input> {
  tx: Tx;
  user: UserRow;
  parties: RequestParties;
  input: Input;
  event: LifecycleEvent | null;
  from: RequestStatus;
  to: RequestStatus;
  /** One moment for every row the step writes, so they read as one event. */
  now: Date;
  /**
   * Writes the step: the request's changed columns plus its new status, and (for a status step)
   * the history row with `note`. Answers the updated request.
   */
  advance: (changes: Partial<typeof mr.$inferInsert>, note?: string) => Promise<RequestRow>;
}

/** A lifecycle call's request as its route types it: the id and the step's input. */
export type LifecycleRequest<Input> = FastifyRequest & { params: { id: number }; body: Input };

/**
 * Runs one lifecycle step in a transaction holding the request row: 401 signed out → 404 unknown
 * request → 403 not the asker's step → 400 invalid input → 409 INVALID_TRANSITION → `step` writes
 * the change, its history row and its notifications. Answers the new state (lifecycleBody). The
 * route validates with `attachValidation` (lifecycleRouteOptions), so the input's 400 waits its turn.
 */
export async function runLifecycleStep<Input>(
  app: FastifyInstance,
  request: LifecycleRequest<Input>,
  action: LifecycleAction,
  step: (context: LifecycleContext<Input>) => Promise<RequestRow>,
): Promise<LifecycleAnswer> {
  const user = requireUser(request);
  requireValidParams(request);
  const id = request.params.id;
  const viewer = await loadViewer(app.db, user);
  return app.db.transaction(async (tx) => {
    const parties = await loadParties(tx, id, true);
    const role: LifecycleRole = roleOf(viewer, parties);
    requireRole(action, role);
    requireValidBody(request);
    const input = request.body;
    const { event, to } = requireTransition(action, parties.row);
    const now = new Date();
    const from = parties.row.status;
    const advance = async (changes: Partial<typeof mr.$inferInsert>, note = '') => {
      const [updated] = await tx
        .update(mr)
        .set({ ...changes, status: to, updatedAt: now })
        .where(eq(mr.id, id))
        .returning();
      if (event) await recordStep(tx, { requestId: id, event, from, to, userId: user.id, note, at: now });
      return updated!;
    };
    const updated = await step({ tx, user, parties, input, event, from, to, now, advance });
    return lifecycleBody(updated, role);
  });
}

/**
 * A managing-side change of an Open request that is no status step (invite vendors, open to
 * vendors), checked as the lifecycle calls are: 401 signed out, then changeOpenRequest's 404 → 403
 * → 400 (the input, validated with `attachValidation`) → 409 with `notOpen`; `change` runs in the
 * transaction holding the request row.
 */
export async function runOpenRequestChange<Input, Answer>(
  app: FastifyInstance,
  request: LifecycleRequest<Input>,
  notOpen: (status: string) => string,
  change: (context: { tx: Tx; row: RequestRow; user: UserRow; input: Input }) => Promise<Answer>,
): Promise<Answer> {
  const user = requireUser(request);
  requireValidParams(request);
  const viewer = await loadViewer(app.db, user);
  const checks = { checkBody: () => requireValidBody(request), notOpen };
  return changeOpenRequest(app.db, viewer, request.params.id, checks, (tx, row) =>
    change({ tx, row, user, input: request.body }),
  );
}

/**
 * Route options of a call on one request: its id and input schemas, its `answer`, and
 * `attachValidation` so that a malformed id or input is refused in the documented order
 * (runLifecycleStep, runOpenRequestChange), not first.
 */
export function requestCallOptions<Body extends z.ZodType, Answer extends z.ZodType>(
  summary: string,
  body: Body,
  answer: Answer,
) {
  return {
    schema: { summary, params: idParamsSchema, body, response: { ...errorResponses, 200: answer } },
    config: { notFound: { detail: REQUEST_NOT_FOUND } },
    attachValidation: true,
  };
}

/** Route options of a lifecycle step, which answers the request's new state. */
export function lifecycleRouteOptions<Body extends z.ZodType>(summary: string, body: Body) {
  return requestCallOptions(summary, body, lifecycleAnswerSchema);
}

/** A request_status notice for the awarded vendor, if the request has one (its bid may be gone). */
export function noticeToAwardedVendor(
  parties: RequestParties,
  title: string,
  message: string,
): NewNotification[] {
  if (parties.awardedVendorId === null) return [];
  return [
    {
      userId: parties.awardedVendorId,
      kind: 'request_status',
      title,
      message,
      relatedRequestId: parties.row.id,
    },
  ];
}
