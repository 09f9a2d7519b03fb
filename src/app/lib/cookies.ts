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
 * screen's dates in it, as the browser writes them (src/server/pages/signed-in-render.ts).
 */
export function rememberTimeZone(): void {
  void timeZoneOffMainThread().then((zone) => {
    if (readCookie(document.cookie, TIME_ZONE_COOKIE) === zone) return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  });
}

const readTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The time zone, read by a worker: on the main thread the read was a task of 100–125 ms at 4× CPU
 * slowdown, the longest after a wizard's hydration (total blocking time). Where no worker
 * starts, it is read here.
 */
function timeZoneOffMainThread(): Promise<string> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(readTimeZone());
      return;
    }
    const answer = (zone: string) => {
      worker.terminate();
      resolve(zone);
    };
    worker.onmessage = (event: MessageEvent<unknown>) =>
      answer(typeof event.data === 'string' && event.data !== '' ? event.data : readTimeZone());
    worker.onerror = () => answer(readTimeZone());
  });
}
