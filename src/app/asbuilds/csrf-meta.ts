import { useEffect } from 'react';
import { getCsrfToken } from '#app/lib/csrf.ts';
import { CSRF_META_NAME } from '#shared/viewer-assets.ts';

function metaTag(): HTMLMetaElement {
  const found = document.head.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
  if (found) return found;
  const meta = document.createElement('meta');
  meta.name = CSRF_META_NAME;
  document.head.append(meta);
  return meta;
}

/** Puts the session's current CSRF token in the page's meta tag (read fresh: login and logout rotate it). */
export async function refreshCsrfMeta(): Promise<void> {
  const token = await getCsrfToken();
  metaTag().content = token;
}

/**
 * The as-builds page carries `<meta name="csrf-token">` (signed-in spec, "Project as-builds page"):
 * the viewer's own writes send it. It leaves with the page.
 */
export function useCsrfMetaTag(): void {
  useEffect(() => {
    const meta = metaTag();
    refreshCsrfMeta().catch(() => {
      // Offline without a cookie: the writes that need it fail with their own message.
    });
    return () => meta.remove();
  }, []);
}
