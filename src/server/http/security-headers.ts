import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appContentSecurityPolicy } from './content-security-policy.ts';

/**
 * Photos are taken through <input type=file accept="image/*">, which the phone's own camera
 * answers: the app never calls getUserMedia. The one powerful feature is the position, for this
 * origin only: a visit's "Arrived" asks for it once, when tapped, to measure the distance from the
 * property (docs/decisions/job-visits.md); embedding sites never get it.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()';
/** A year; without includeSubDomains, since the app does not own its parent domain's other hosts. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

function servedOverHttps(request: FastifyRequest, publicUrl: string): boolean {
  // request.protocol reads X-Forwarded-Proto only from the TRUST_PROXY hops.
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/**
 * A signed-in user's JSON must not stay in the browser's or a proxy's cache after sign-out. Answers
 * that chose their own caching keep it (GET /api/files: private, max-age and ETag), and other types
 * (files, the event stream) are not JSON.
 */
function isAuthenticatedJson(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.auth?.user || reply.hasHeader('cache-control')) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const contentSecurityPolicy = appContentSecurityPolicy(app.config.map.tileOrigin);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    // A page with its own inline content (the local checkout) sets a stricter policy of its own.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy);
    }
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('cross-origin-opener-policy', 'same-origin');
    // What other sites may embed (the viewer's static files, a shared plan) says so itself.
    if (!reply.hasHeader('cross-origin-resource-policy')) {
      reply.header('cross-origin-resource-policy', 'same-origin');
    }
    if (servedOverHttps(request, app.config.publicUrl)) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    if (isAuthenticatedJson(request, reply)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
