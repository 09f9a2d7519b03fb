import type { FastifyInstance } from 'fastify';

type Check = 'ok' | 'down';

/**
 * For load balancers: `/api/health/` asks the database one trivial question and the file store its
 * cheap ping, and names which one is down; `/api/health/ready` answers 200 once this app serves
 * (main.ts answers 503 on the port while migrations run, before the app exists) and the database
 * answers.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const check = async (probe: () => Promise<boolean>): Promise<Check> =>
    (await probe().catch(() => false)) ? 'ok' : 'down';

  app.get('/api/health/', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [database, storage] = await Promise.all([
      check(() => app.database.ping()),
      check(() => app.files.ping?.() ?? Promise.resolve(true)),
    ]);
    if (database === 'ok' && storage === 'ok') return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable', database, storage });
  });

  app.get('/api/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if ((await check(() => app.database.ping())) === 'ok') return { status: 'ready' };
    return reply.status(503).send({ status: 'unavailable', database: 'down' });
  });
}
