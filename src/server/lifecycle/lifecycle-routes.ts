import type { FastifyInstance } from 'fastify';
import { awardRoutes } from './award-routes.ts';
import { biddingRoutes } from './bidding-routes.ts';
import { cancelRoutes } from './cancel-routes.ts';
import { completionReviewRoutes } from './completion-review-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { openToVendorsRoutes } from './open-to-vendors-routes.ts';
import { vendorCompletionRoutes } from './vendor-completion-routes.ts';

/** The request lifecycle beyond the spec (DESIGN.md; src/shared/request-lifecycle.ts), registered in one line. */
export async function lifecycleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(awardRoutes);
  await app.register(biddingRoutes);
  await app.register(cancelRoutes);
  await app.register(completionReviewRoutes);
  await app.register(invitationRoutes);
  await app.register(openToVendorsRoutes);
  await app.register(vendorCompletionRoutes);
}
