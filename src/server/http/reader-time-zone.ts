import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/time-zone-cookie.ts';

/**
 * The reader's IANA time zone, which the app keeps in a cookie (src/app/lib/cookies.ts), as this
 * server's Intl names it; null without the cookie or for a zone this server does not know.
 */
export function readerTimeZone(request: FastifyRequest): string | null {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
