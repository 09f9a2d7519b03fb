import type { QueryClient } from '@tanstack/react-query';
import { vendorDocumentationQueryOptions } from '#app/asbuilds/api.ts';
import { documentationImageUrls } from '#app/asbuilds/documentation-images.ts';
import { vendorThreadQueryOptions } from '#app/messages/api.ts';
import type { KeepJobInput, KeptDocumentationInput } from '#app/offline/kept-jobs.ts';
import type { Message } from '#shared/message-schemas.ts';
import { FILES_PATH_PREFIX } from '#shared/offline-caches.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { requestDetailQueryOptions } from './api.ts';
import { accessQueryOptions, visitsQueryOptions } from './visits-api.ts';

/**
 * The stored files a job shows: its own photos, once reported the completion photos, its plan excerpt
 * (the layout image, the nearest 360-degree photos and their close-ups) and the photos sent in its
 * thread, so the kept conversation shows them offline too.
 */
export function keptPhotoUrls(detail: RequestDetail, messages: readonly Message[] = []): string[] {
  const photos = [
    ...detail.photos,
    ...(detail.completion?.photos ?? []),
    ...messages.flatMap((message) => message.photos),
  ].map((photo) => photo.url);
  const spot = detail.spot
    ? [
        detail.spot.layout.url,
        ...detail.spot.behind_wall.flatMap((photo) => [
          photo.url,
          ...photo.hotspots.map((closeUp) => closeUp.url),
        ]),
      ]
    : [];
  // Only same-origin stored files: the kept-files cache the service worker reads is keyed by them.
  return [...new Set([...photos, ...spot])].filter((url) => url.startsWith(FILES_PATH_PREFIX));
}

/**
 * What "Keep offline" stores for a job (the awarded one's visits and entry instructions too), fetched
 * through the same queries the detail and conversation screens use (so it works from the jobs list, and the answers also land in those screens' caches).
 * Reading the thread marks the managers' messages read, as opening the conversation does.
 */
export async function gatherKeptJob(
  queryClient: QueryClient,
  requestId: number,
): Promise<Omit<KeepJobInput, 'requestId' | 'title'>> {
  const [detail, messages] = await Promise.all([
    queryClient.fetchQuery(requestDetailQueryOptions(String(requestId))),
    queryClient.fetchQuery(vendorThreadQueryOptions(requestId)),
  ]);
  const [documentation, visits, access] = await Promise.all([
    gatherDocumentation(queryClient, detail),
    gatherAwarded(detail, () => queryClient.fetchQuery(visitsQueryOptions(requestId))),
    gatherAwarded(detail, () => queryClient.fetchQuery(accessQueryOptions(requestId))),
  ]);
  return {
    detail,
    messages,
    photoUrls: keptPhotoUrls(detail, messages),
    ...(documentation ? { documentation } : {}),
    ...(visits ? { visits } : {}),
    ...(access ? { access } : {}),
  };
}

/**
 * The awarded job's visits or entry instructions (only its vendor may read them, while the job is in
 * progress). A failure keeps the job without them rather than not at all.
 */
async function gatherAwarded<T>(detail: RequestDetail, read: () => Promise<T>): Promise<T | null> {
  if (!detail.awarded_bid || detail.status !== 'in_progress') return null;
  try {
    return await read();
  } catch {
    return null;
  }
}

/**
 * The property's documentation when the vendor may read it (the awarded job), through the vendor
 * documentation screen's query. A failure keeps the job without it rather than not at all.
 */
async function gatherDocumentation(
  queryClient: QueryClient,
  detail: RequestDetail,
): Promise<KeptDocumentationInput | null> {
  if (!detail.documentation_available || !detail.project) return null;
  const projectId = detail.project.id;
  try {
    const data = await queryClient.fetchQuery(vendorDocumentationQueryOptions(projectId));
    return { projectId, data, imageUrls: documentationImageUrls(data) };
  } catch {
    return null;
  }
}
