import type { ProjectDocumentation } from '#shared/documentation.ts';
import { FILES_PATH_PREFIX } from '#shared/offline-caches.ts';

/**
 * The stored images the as-builds viewer shows for a property: every layout's plan, its pinned
 * photos and their close-ups (each once). Drone and thermal photos are not on the vendor's screen.
 * Only same-origin stored files: the kept-files cache the service worker reads is keyed by them.
 */
export function documentationImageUrls(documentation: ProjectDocumentation): string[] {
  const urls = documentation.layouts.flatMap((layout) => [
    layout.url,
    ...layout.photos.flatMap((photo) => [photo.url, ...photo.hotspots.map((hotspot) => hotspot.url)]),
  ]);
  return [...new Set(urls.filter((url) => url.startsWith(FILES_PATH_PREFIX)))];
}
