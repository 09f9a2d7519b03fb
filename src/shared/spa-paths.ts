/**
 * The first path segments the PWA owns (both spec documents, section 2). The service worker answers a
 * navigation with the cached app shell only for these, so a page the server renders itself (the local
 * payment checkout, a future server page) is never swallowed by the shell. The server's history
 * fallback may use the same list.
 */
export const SPA_TOP_LEVEL_SEGMENTS = [
  'signup',
  'login',
  'reset-password',
  'reset-password-confirm',
  'property-manager-application',
  'vendor-application',
  'set-password',
  'verification-sent',
  'confirm-email',
  'panorama',
  'privacy-policy',
  'terms-of-service',
  'schedule-visit',
  'owner-approval',
  'vendor',
  'property-manager',
  'admin',
] as const;

/** Whether a pathname belongs to the PWA's router (the landing page `/` included). */
export function isSpaPath(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return true;
  const first = pathname.split('/')[1] ?? '';
  return (SPA_TOP_LEVEL_SEGMENTS as readonly string[]).includes(first);
}
