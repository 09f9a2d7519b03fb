import { TIME_ZONE_COOKIE } from '#shared/time-zone-cookie.ts';

/** Reads one cookie from a `document.cookie` string; null when absent or empty. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is used as it is.
      return raw;
    }
  }
  return null;
}

/**
 * Keeps the browser's time zone in a cookie for the server, which writes a server-rendered signed-in
 * screen's dates in it, as the browser writes them (src/server/http/signed-in-render.ts).
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (readCookie(document.cookie, TIME_ZONE_COOKIE) === zone) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
