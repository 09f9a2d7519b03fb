import type { FastifyContextConfig } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { apiKeyMayCall } from './api-key-scope.ts';
import { SESSION_COOKIE } from './cookies.ts';

/**
 * How a caller proves who it is (docs/decisions/sign-in-sessions-and-csrf.md and
 * api-keys-and-answer-schemas.md), as the OpenAPI document names it.
 */
export const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The browser session: set (HttpOnly) by POST /api/users/login/, or a visitor session by GET /api/get-csrf-token/. A write sent with it must also send X-CSRFToken.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description:
      "The CSRF token of the caller's own session (the `csrftoken` cookie, or `csrfToken` from GET /api/get-csrf-token/). Needed by every POST, PUT, PATCH and DELETE authenticated by the session cookie, a visitor's included; never with a Bearer token.",
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      '`Authorization: Bearer <token>`: the `token` POST /api/users/login/ answers. No CSRF header.',
  },
  vendorApiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'fb_<43 base64url characters>',
    description:
      "`Authorization: Bearer fb_...`: a vendor's API key (Settings → API keys; shown once when made). It acts as the vendor on the vendor's own API only: the operations that list this scheme. Anything else answers 403 API_KEY_NOT_ALLOWED; a revoked or unknown key 401 API_KEY_INVALID, a deactivated vendor or an inactive subscription 401 API_KEY_INACTIVE; at most 600 requests a minute per key (429 API_KEY_RATE_LIMITED with Retry-After). No CSRF header.",
  },
};

type Requirement = OpenAPIV3_1.SecurityRequirementObject;

/** No credential needed: a public read, or a write that proves its caller another way (csrf: false). */
export const PUBLIC: Requirement[] = [];

/** A read anyone may make that answers more to a signed-in caller (auth-status). */
export const SIGNED_IN_OR_NOT: Requirement[] = [{}, { sessionCookie: [] }, { sessionToken: [] }];

/**
 * What an operation accepts when its route does not say: the session (cookie, plus the CSRF header
 * on writes) or its Bearer token, and a vendor API key where api-key-scope.ts allows one. Public
 * writes are listed the same way: a visitor's session cookie and its CSRF token are what they need.
 */
export function defaultSecurity(
  method: string,
  url: string,
  config: FastifyContextConfig | undefined,
): Requirement[] {
  if (config?.csrf === false) return PUBLIC;
  const write = method !== 'GET' && method !== 'HEAD';
  return [
    write ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] },
    { sessionToken: [] },
    ...(apiKeyMayCall(method, url) ? [{ vendorApiKey: [] }] : []),
  ];
}
