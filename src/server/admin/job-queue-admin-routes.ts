import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { notFound } from '#server/http/http-error.ts';
import { errorResponses, noContent } from '#server/http/route-schemas.ts';
import { ADMIN_FAILED_JOBS_SHOWN, adminJobParamsSchema, adminJobQueueSchema } from '#shared/admin-jobs.ts';

const BASE = '/api/admin/jobs';
const NOT_FOUND = 'No failed job of that kind has this id.';

/**
 * The job queue for staff: GET /api/admin/jobs/ answers each kind's depth (ready, deferred,
 * running, failed) and the jobs that failed for good with their error; a failed job is queued
 * again (POST .../retry/) or deleted (DELETE). Only a failed job can be retried or discarded.
 */
export async function jobQueueAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const config = { notFound: { detail: NOT_FOUND } };

  api.get(
    `${BASE}/`,
    {
      schema: {
        summary: 'The job queue: depth per kind, and the failed jobs with their error (newest first)',
        response: { ...errorResponses, 200: adminJobQueueSchema },
      },
      preValidation: staffFirst,
    },
    async (request) => {
      requireStaff(request);
      const [kinds, failed] = await Promise.all([
        app.jobs.depth(),
        app.jobs.failures(ADMIN_FAILED_JOBS_SHOWN),
      ]);
      return { kinds, failed };
    },
  );

  api.post(
    `${BASE}/:kind/:id/retry/`,
    {
      schema: {
        summary: 'Queue a failed job again, to run now',
        params: adminJobParamsSchema,
        response: { ...errorResponses, 200: z.object({ retried: z.literal(true) }) },
      },
      preValidation: staffFirst,
      config,
    },
    async (request) => {
      requireStaff(request);
      if (!(await app.jobs.retry(request.params.kind, request.params.id))) throw notFound(NOT_FOUND);
      return { retried: true as const };
    },
  );

  api.delete(
    `${BASE}/:kind/:id/`,
    {
      schema: {
        summary: 'Discard a failed job',
        params: adminJobParamsSchema,
        response: { ...errorResponses, 204: noContent },
      },
      preValidation: staffFirst,
      config,
    },
    async (request, reply) => {
      requireStaff(request);
      if (!(await app.jobs.discard(request.params.kind, request.params.id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    },
  );
}
