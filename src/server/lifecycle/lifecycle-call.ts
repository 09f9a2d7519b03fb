import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { LifecycleAction, LifecycleEvent, LifecycleRole } from '#shared/request-lifecycle.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import { requireUser } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { maintenanceRequests as mr } from '../db/schema/requests.ts';
import { parseInput } from '../http/http-error.ts';
import type { NewNotification } from '../notifications/notify.ts';
import { loadViewer } from '../requests/request-viewer.ts';
import {
  lifecycleBody,
  loadParties,
  parseRequestId,
  type RequestParties,
  type RequestRow,
  recordStep,
  requireRole,
  requireTransition,
  roleOf,
} from './lifecycle-access.ts';

export interface LifecycleContext<Input> {
  tx: Db;
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

/**
 * Runs one lifecycle step in a transaction holding the request row: 401 signed out → 404 unknown
 * request → 403 not the asker's step → 400 invalid input → 409 INVALID_TRANSITION → `step` writes
 * the change, its history row and its notifications. Answers the new state (lifecycleBody).
 */
export async function runLifecycleStep<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: string } }>,
  action: LifecycleAction,
  schema: S,
  step: (context: LifecycleContext<z.infer<S>>) => Promise<RequestRow>,
) {
  const user = requireUser(request);
  const id = parseRequestId(request.params.id);
  const viewer = await loadViewer(app.db, user);
  return app.db.transaction(async (tx) => {
    const parties = await loadParties(tx, id, true);
    const role: LifecycleRole = roleOf(viewer, parties);
    requireRole(action, role);
    const input = parseInput(schema, request.body);
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
