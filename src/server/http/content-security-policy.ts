/**
 * The Content-Security-Policy of every answer the app's pages, scripts and API give: the app's own
 * origin only, plus the few exceptions the app truly needs (each named with its reason, and recorded
 * in docs/decisions/trust-input-and-headers.md, "Headers, staff mail and production defaults").
 *
 * The same policy also covers sw.js: a service worker runs under the policy of its own script's
 * answer, so its precache and network fetches need `connect-src 'self'` like the page.
 */
const APP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  // Only our built chunks: no inline script, no eval (the app sets zod to jitless for this).
  'script-src': ["'self'"],
  // Mantine writes its CSS variables in a <style> element and component style props as style
  // attributes; a per-answer nonce cannot work because the service worker precaches index.html.
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: previews of photos waiting in the outbox; data: the /panorama demo's photos (kept as data
  // URLs in localStorage, shown and drawn on the 360 sphere by three.js through <img>) and the small
  // SVG icons inside Mantine's CSS.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // Every call, the event stream included, goes to the same origin.
  'connect-src': ["'self'"],
  // The service worker (/sw.js); nothing else runs as a worker.
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  // The app's own forms and the local checkout post to this origin (Stripe is a full-page redirect).
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function serializePolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export const APP_CONTENT_SECURITY_POLICY = serializePolicy(APP_DIRECTIVES);

/**
 * The app policy with the vendor map's tile server (MAP_TILE_URL's origin) among the image sources:
 * Leaflet draws its tiles as <img>, and nothing else is loaded from there.
 */
export function appContentSecurityPolicy(tileOrigin: string | undefined): string {
  if (!tileOrigin) return APP_CONTENT_SECURITY_POLICY;
  return serializePolicy({ ...APP_DIRECTIVES, 'img-src': [...APP_DIRECTIVES['img-src']!, tileOrigin] });
}
