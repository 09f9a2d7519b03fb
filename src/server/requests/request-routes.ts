import type { FastifyInstance } from 'fastify';
import { vendorJobRoutes } from '#server/jobs-list/vendor-job-routes.ts';
import { requestDetailRoutes } from './request-detail-routes.ts';

/** The maintenance-request calls (signed-in spec, section 7), registered by buildApp in one line. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  await app.register(vendorJobRoutes);
  await app.register(requestDetailRoutes);
}
