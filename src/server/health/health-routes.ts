import type { FastifyInstance } from 'fastify';

/** For load balancers and benchmarks: asks the database one trivial question and nothing else. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health/', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await app.database.ping()) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable' });
  });
}
