import type { FastifyRequest } from 'fastify';

/**
 * A route's access check (requireUser, requireVendor, requireSession...) as its preValidation hook:
 * it runs before Fastify validates params, query and body against the route's schemas, so a caller
 * who may not call the route hears 401 or 403 before anything about its input (400, or the 404 of a
 * malformed id), as when the handlers checked first. The handler runs the same check again for its
 * typed user: an in-memory look at request.auth.
 */
export function checkFirst(check: (request: FastifyRequest) => unknown) {
  return async (request: FastifyRequest): Promise<void> => {
    check(request);
  };
}
