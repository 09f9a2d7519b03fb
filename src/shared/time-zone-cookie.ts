/**
 * The browser's IANA time zone, which the app keeps in a cookie (src/app/lib/cookies.ts) so the server
 * writes a signed-in screen's dates as the browser does (src/server/pages/signed-in-render.ts).
 */
export const TIME_ZONE_COOKIE = 'fieldbid_tz';
