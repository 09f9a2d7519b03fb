import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { type CachedJson, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { type ReadDep, readDep } from '#server/cache/read-deps.ts';
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
  const pages = new CachedRead<CachedJson>('manager requests page', app.changeFeed.versions);
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
    const key = {
      asker: scope.user,
      query: [
        query.status ?? null,
        query.service_type ?? null,
        query.property ?? null,
        query.priority ?? null,
        query.search ?? null,
        query.ordering ?? null,
        query.page,
        query.page_size,
      ],
    };
    return sendCached(request, reply, pages, key, async () => {
      const body = await loadManagerPage(app.db, scope, query);
      const deps: ReadDep[] = [readDep.requestLists];
      for (const row of body.results) {
        deps.push(readDep.request(row.id));
        if (row.property_id !== null) deps.push(readDep.property(row.property_id));
        for (const vendor of row.vendors) deps.push(readDep.user(vendor.id));
      }
      return { body, deps };
    });
  });
}
