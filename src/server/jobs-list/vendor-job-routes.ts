import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserType } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { type CachedJson, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { readDep } from '#server/cache/read-deps.ts';
import { errorResponses, notModified } from '#server/http/route-schemas.ts';
import { requestViewer } from '#server/request-core/request-viewer.ts';
import { jobListQuerySchema } from '#shared/job-list-query.ts';
import { jobPageSchema } from '#shared/request-responses.ts';
import { JobListMemo } from './job-list-memo.ts';
import { loadJobsPage } from './job-list-store.ts';

const requireVendor = (request: FastifyRequest) => requireUserType(request, 'vendor');

/** GET /api/vendor/jobs/: the jobs a vendor may see, filtered, sorted and paged (signed-in spec, section 7). */
export async function vendorJobRoutes(app: FastifyInstance): Promise<void> {
  // Pages are kept per process while no request or invitation has been written (the 'l' tag): a
  // deep page costs an index walk of thousands of rows however well indexed, and vendors page
  // through the same lists over and over.
  const pages = new CachedRead<CachedJson>('jobs page', app.changeFeed.versions);
  // A page the cache misses takes its list's count and, deep down, the anchor before it from what
  // was kept of its list (job-list-memo.ts).
  const lists = new JobListMemo(app.changeFeed.versions);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'The jobs the vendor may see, filtered, searched, sorted and paged',
    querystring: jobListQuerySchema,
    response: { ...errorResponses, 200: jobPageSchema, 304: notModified },
  };
  api.get(
    '/api/vendor/jobs/',
    { schema, preValidation: checkFirst(requireVendor) },
    async (request, reply) => {
      const user = requireVendor(request);
      const query = request.query;
      const viewer = await requestViewer(request);
      // A vendor staff have not approved sees no job; the flag lets its screen say why.
      if (viewer.awaitingApproval) {
        return {
          results: [],
          count: 0,
          total_pages: 1,
          current_page: query.page,
          under_review: true as const,
        };
      }
      // The list: its query without the page and its size (the asker is part of every key).
      const list = [
        query.service_type ?? null,
        query.status ?? null,
        query.search ?? null,
        query.ordering ?? null,
      ];
      return sendCached(
        request,
        reply,
        pages,
        { asker: viewer, query: [...list, query.page, query.page_size] },
        async (usable) => ({
          body: await loadJobsPage(
            app.db,
            user,
            viewer,
            query,
            usable ? lists.list(viewer, list) : undefined,
          ),
          deps: [readDep.requestLists],
        }),
      );
    },
  );
}
