import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';
import { CSRF_HEADER } from './cookies.ts';
import { safeEqual } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes that prove their caller another way (signed webhooks). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must echo the CSRF token of *their own* session: a token from
 * another session, or from the visitor session before login, is refused. Bearer and API-key
 * callers carry no ambient credential, so they are exempt.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // Before Fastify validates the route's params, query and body: a forged write is refused as
  // forged (403), whatever it carries.
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (
      request.routeOptions.config.csrf === false ||
      request.auth.via === 'bearer' ||
      request.auth.via === 'api_key'
    )
      return;
    const { session } = request.auth;
    if (!session) {
      throw new HttpError(
        403,
        apiError('CSRF_FAILED', 'CSRF Failed: no session. Fetch a token from /api/get-csrf-token/ first.'),
      );
    }
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
      throw new HttpError(403, apiError('CSRF_FAILED'));
    }
  });
});
