import type { FastifyInstance } from 'fastify';
import { bidReadRoutes } from './bid-read-routes.ts';
import { bidWriteRoutes } from './bid-write-routes.ts';

/** The bid calls (signed-in spec, section 7), registered by buildApp in one line. */
export async function bidRoutes(app: FastifyInstance): Promise<void> {
  await app.register(bidWriteRoutes);
  await app.register(bidReadRoutes);
}
