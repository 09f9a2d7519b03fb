import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  healthDownSchema,
  healthOkSchema,
  probeUnavailableSchema,
  readyDownSchema,
  readyOkSchema,
} from '#shared/health.ts';

type Check = 'ok' | 'down';

/**
 * For load balancers: `/api/health/` asks the database one trivial question and the file store its
 * cheap ping, and names which one is down; `/api/health/ready` answers 200 once this app serves
 * (main.ts answers 503 on the port while migrations run, before the app exists) and the database
 * answers. Neither looks up the caller (`anonymous`): a probe's answer rests on its own checks,
 * never on a session lookup that the same lost database would fail in front of it.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const check = async (probe: () => Promise<boolean>): Promise<Check> =>
    (await probe().catch(() => false)) ? 'ok' : 'down';

  api.get(
    '/api/health/',
    {
      config: { anonymous: true },
      schema: {
        summary: 'Whether the database and the file store answer',
        security: PUBLIC,
        response: { ...errorResponses, 200: healthOkSchema, 503: probeUnavailableSchema(healthDownSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, storage] = await Promise.all([
        check(() => app.database.ping()),
        check(() => app.files.ping?.() ?? Promise.resolve(true)),
      ]);
      if (database === 'ok' && storage === 'ok') return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable', database, storage });
    },
  );

  api.get(
    '/api/health/ready',
    {
      config: { anonymous: true },
      schema: {
        summary: 'Whether this process serves and its database answers',
        security: PUBLIC,
        response: { ...errorResponses, 200: readyOkSchema, 503: probeUnavailableSchema(readyDownSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if ((await check(() => app.database.ping())) === 'ok') return { status: 'ready' as const };
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
