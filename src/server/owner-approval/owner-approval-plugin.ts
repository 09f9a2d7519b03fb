import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { approvalSettingsRoutes } from './approval-settings-routes.ts';
import { OWNER_APPROVAL_SWEEP, type SweepResult, sweepOwnerApprovals } from './approval-sweep.ts';
import { managerApprovalRoutes } from './manager-approval-routes.ts';
import { ownerApprovalGate } from './owner-approval-gate.ts';
import { ownerLinkRoutes } from './owner-link-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the owner-approval sweep now (tests; `now` moves the clock). */
    sweepOwnerApprovals(now?: Date): Promise<SweepResult>;
  }
}

/**
 * Approval before work (docs/decisions/owner-approval.md): the award gate, the sweep on the job queue
 * (`owner-approval-sweep`, every 5 minutes; off with `run: false`, tests call app.sweepOwnerApprovals),
 * and the routes of managers, settings and owners' links.
 */
export const ownerApprovalPlugin = fp(async (app: FastifyInstance, options: { run?: boolean }) => {
  app.decorate('awardGate', ownerApprovalGate(app));
  const sweep = runPeriodically(app, {
    name: 'owner-approval-sweep',
    firstMs: OWNER_APPROVAL_SWEEP.firstPassMs,
    everyMs: OWNER_APPROVAL_SWEEP.everyMs,
    enabled: options.run !== false,
    run: (runOptions) => sweepOwnerApprovals(app.db, runOptions.now),
  });
  app.decorate('sweepOwnerApprovals', (now?: Date) => sweep(now ? { now } : {}));
  await app.register(managerApprovalRoutes);
  await app.register(ownerLinkRoutes);
  await app.register(approvalSettingsRoutes);
});
