import type { FastifyInstance } from 'fastify';
import { nearbyJobRoutes } from '#server/jobs-list/nearby-job-routes.ts';
import { vendorJobRoutes } from '#server/jobs-list/vendor-job-routes.ts';
import { vendorMapRoutes } from '#server/jobs-list/vendor-map-routes.ts';
import { requestDetailRoutes } from './request-detail-routes.ts';

/** The maintenance-request calls (signed-in spec, section 7), registered by buildApp in one line. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  await app.register(vendorJobRoutes);
  await app.register(nearbyJobRoutes);
  await app.register(vendorMapRoutes);
  await app.register(requestDetailRoutes);
}
