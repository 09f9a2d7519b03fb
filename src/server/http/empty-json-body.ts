import type { FastifyInstance } from 'fastify';

/**
 * The public spec (section 7) has every application write send `Content-Type: application/json`,
 * including the calls whose payload is "no body" (submit, logout, mark-read, the lifecycle steps
 * without a note...). Fastify's own JSON parser refuses an empty body declared as JSON with 400
 * FST_ERR_CTP_EMPTY_JSON_BODY, while the same call without the header succeeds. Here an empty JSON
 * body means "no body" (`request.body` undefined, exactly as without the header), so each route
 * alone decides whether it needs one: a route that requires fields still answers its field errors.
 * Anything else goes to Fastify's default parser, keeping its prototype-poisoning protection and its
 * 400 for a body that is not JSON.
 *
 * Registered on the root instance before any route plugin, so every plugin inherits it; a plugin
 * wanting JSON in another form (the Stripe webhook's raw bytes) removes it in its own scope first.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands over a string; the type also allows the Buffer of parseAs 'buffer'.
    const text = body.toString();
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });
}
