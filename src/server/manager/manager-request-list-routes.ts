import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { cacheTag } from '#server/cache/cache-changes.ts';
import { sendCached } from '#server/cache/cached-answer.ts';
import { ReadCache } from '#server/cache/read-cache.ts';
import { errorResponses, notModified } from '#server/http/route-schemas.ts';
import { managerRequestQuerySchema } from '#shared/manager-request-query.ts';
import { managerRequestPageSchema } from '#shared/manager-responses.ts';
import { loadManagerPage } from './manager-request-list-store.ts';
import { requireManagerScope } from './manager-scope.ts';

/** GET /api/property-manager/maintenance-requests/ (signed-in spec, sections 2, 3 and 7). */
export async function managerRequestListRoutes(app: FastifyInstance): Promise<void> {
  // Pages kept per scope and query while no request or invitation is written ('l'), the listed
  // requests' bids ('r') and properties (names, unit numbers) and their vendors (names) stand. A property moving to another
  // client changes every scope: its trigger clears everything.
  const pages = new ReadCache(app.changeFeed.versions);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: "The requests on the manager's properties, filtered, searched, sorted and paged",
    querystring: managerRequestQuerySchema,
    response: { ...errorResponses, 200: managerRequestPageSchema, 304: notModified },
  };
  const options = { schema, preValidation: checkFirst(requireManagerScope) };
  api.get('/api/property-manager/maintenance-requests/', options, async (request, reply) => {
    const scope = requireManagerScope(request);
    const query = request.query;
    const key = JSON.stringify([
      scope.all ? null : scope.clientId,
      scope.all,
      query.status ?? null,
      query.service_type ?? null,
      query.property ?? null,
      query.priority ?? null,
      query.search ?? null,
      query.ordering ?? null,
      query.page,
      query.page_size,
    ]);
    return sendCached(request, reply, pages, key, async () => {
      const body = await loadManagerPage(app.db, scope, query);
      const tags = new Set<string>([cacheTag.requestLists]);
      for (const row of body.results) {
        tags.add(cacheTag.request(row.id));
        if (row.property_id !== null) tags.add(cacheTag.property(row.property_id));
        for (const vendor of row.vendors) tags.add(cacheTag.user(vendor.id));
      }
      return { body, tags: [...tags] };
    });
  });
}
