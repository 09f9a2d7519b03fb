import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow } from './session-store.ts';

export const SESSION_COOKIE = 'fieldbid_session';
/** Read by the browser (not HttpOnly) and echoed in X-CSRFToken; the name the spec's client expects. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** The trusted-device token (login-devices.ts); sent only to the login call. */
export const DEVICE_COOKIE = 'fieldbid_device';
const DEVICE_COOKIE_PATH = '/api/users/login';

export interface CookiePolicy {
  /** undefined: Secure exactly when the request came over HTTPS. */
  secure: boolean | undefined;
}

function isSecure(request: FastifyRequest, policy: CookiePolicy): boolean {
  return policy.secure ?? request.protocol === 'https';
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: SessionRow,
  policy: CookiePolicy,
): void {
  const common = {
    path: '/',
    sameSite: 'lax' as const,
    secure: isSecure(request, policy),
    expires: session.expiresAt,
  };
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Marks this browser as one that proved it knows the account (see login-devices.ts). */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  device: { token: string; expiresAt: Date },
  policy: CookiePolicy,
): void {
  reply.setCookie(DEVICE_COOKIE, device.token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request, policy),
    expires: device.expiresAt,
  });
}
