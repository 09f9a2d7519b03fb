import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countRateLimitHit } from '#server/http/rate-limit.ts';
import { API_KEY_MESSAGES, API_KEY_REQUESTS_PER_MINUTE } from '#shared/api-keys.ts';

/**
 * THE allowlist of what a vendor API key may call: the vendor's own API, as method and
 * path exactly as the routes declare them. Everything else, including any route added later, is
 * refused with 403 API_KEY_NOT_ALLOWED: staff and manager routes, the password, the email address
 * (PUT /api/user-profile/), sign-in and sign-out, and the keys themselves.
 * Fastify's automatic HEAD of a GET route counts as the GET.
 */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/vendor/jobs/',
  'GET /api/requests/:id/',
  'GET /api/vendor/bids/',
  'GET /api/bids/:id/',
  'GET /api/bids/:id/history/',
  'POST /api/requests/:id/bid/',
  'PUT /api/requests/:id/bid/',
  'POST /api/bids/:id/withdraw/',
  'GET /api/messages/',
  'POST /api/messages/',
  'POST /api/messages/read/',
  'GET /api/messages/conversations/',
  'GET /api/notifications/',
  'POST /api/notifications/:id/mark-read/',
  'POST /api/notifications/mark-all-read/',
  'GET /api/user-profile/',
  'GET /api/vendor/dashboard/',
]);

export function apiKeyMayCall(method: string, url: string): boolean {
  return API_KEY_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

const MINUTE_MS = 60_000;

/**
 * After routing and authentication (registered after authContextPlugin): an API-key caller counts
 * against its key's limit (rate_limits, shared by every process), then may reach only allowlisted
 * routes. An unknown path stays a 404.
 */
export const apiKeyScopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const { apiKey } = request.auth;
    if (request.auth.via !== 'api_key' || !apiKey) return;
    const limit = await countRateLimitHit(
      app.db,
      `api-key:${apiKey.id}`,
      API_KEY_REQUESTS_PER_MINUTE,
      MINUTE_MS,
    );
    if (!limit.allowed) {
      return reply
        .code(429)
        .header('retry-after', String(limit.retryAfterSeconds))
        .send({ detail: API_KEY_MESSAGES.tooManyRequests, code: 'API_KEY_RATE_LIMITED' });
    }
    if (request.is404) return;
    if (!apiKeyMayCall(request.method, request.routeOptions.url ?? '')) {
      return reply.code(403).send({ detail: API_KEY_MESSAGES.notAllowed, code: 'API_KEY_NOT_ALLOWED' });
    }
  });
});
