import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readAnswerThrough } from '#app/lib/api-client.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import {
  documentationStore,
  keptDocumentationKey,
  projectDocumentationSchema,
} from '#app/offline/kept-documentation.ts';
import { offlineQueryFn } from '#app/offline/offline-query.ts';
import type { HotspotUpdateInput, LayoutUpdateInput } from '#shared/documentation-uploads.ts';
import type { MountedViewer } from '#viewer/viewer-api.ts';
import { viewerWrite } from './viewer-write.ts';

const responses = () => import('#shared/documentation-responses.ts');
const documentationPhotoSchema = lazySchema(() => responses().then((m) => m.documentationPhotoSchema));
const hotspotSchema = lazySchema(() => responses().then((m) => m.hotspotSchema));
const layoutPolygonSchema = lazySchema(() => responses().then((m) => m.layoutPolygonSchema));
const layoutSchema = lazySchema(() => responses().then((m) => m.layoutSchema));
const noContentSchema = lazySchema(() => import('#shared/response-fields.ts').then((m) => m.noContentSchema));

const segment = (value: string | number) => encodeURIComponent(String(value));

export const documentationKeys = {
  project: (projectId: string) => ['projects', projectId, 'documentation'] as const,
};

export function isProjectId(value: string): boolean {
  return /^\d{1,9}$/.test(value);
}

/**
 * GET /api/projects/{id}/documentation/ for the vendor's documentation screen, readable offline: the
 * answer "Keep offline" stored with a job of the property answers when the network does not
 * (useProjectDocumentation below is the online-only managers' query).
 */
export function vendorDocumentationQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: keptDocumentationKey(projectId),
    meta: { answer: 'projectDocumentation' },
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest(`/api/projects/${projectId}/documentation/`, {
          schema: projectDocumentationSchema,
          signal,
        }),
      documentationStore(projectId),
    ),
    // The persisted copy shows at once, but a reload must ask again (polygons kept by the team).
    refetchOnMount: 'always',
  });
}

export function useVendorDocumentation(projectId: string) {
  return useQuery({
    ...vendorDocumentationQueryOptions(Number(projectId)),
    enabled: isProjectId(projectId),
  });
}

/** GET /api/projects/{id}/documentation/: layouts with pins and polygons, drone and thermal photos. */
export function useProjectDocumentation(projectId: string) {
  return useQuery({
    queryKey: documentationKeys.project(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${segment(projectId)}/documentation/`, {
        schema: projectDocumentationSchema,
        signal,
      }),
    enabled: isProjectId(projectId),
    // The persisted copy shows at once, but polygons kept or deleted by the team must show on a reload.
    refetchOnMount: 'always',
  });
}

/** Every write that changes the property's documentation refreshes the one query the page reads. */
function useDocumentationWrite<Input, Output>(projectId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentationKeys.project(projectId) }),
  });
}

/** POST /api/projects/{id}/layouts/ (multipart: image, name, feet_per_pixel). */
export const useUploadLayout = (projectId: string) =>
  useDocumentationWrite(projectId, (formData: FormData) =>
    apiRequest(`/api/projects/${segment(projectId)}/layouts/`, {
      method: 'POST',
      formData,
      schema: layoutSchema,
    }),
  );

/** PATCH /api/layouts/{id}/: rename or calibrate. */
export const useUpdateLayout = (projectId: string) =>
  useDocumentationWrite(projectId, ({ layoutId, input }: { layoutId: number; input: LayoutUpdateInput }) =>
    apiRequest(`/api/layouts/${segment(layoutId)}/`, {
      method: 'PATCH',
      json: input,
      schema: layoutSchema,
    }),
  );

/** DELETE /api/layouts/{id}/ with its pins and polygons. */
export const useDeleteLayout = (projectId: string) =>
  useDocumentationWrite(projectId, (layoutId: number) =>
    apiRequest(`/api/layouts/${segment(layoutId)}/`, { method: 'DELETE', schema: noContentSchema }),
  );

/** POST /api/projects/{id}/photos/ (multipart: image, kind, caption, is_360, layout_id, x, y, unit_id, taken_at). */
export const useUploadPhoto = (projectId: string) =>
  useDocumentationWrite(projectId, (formData: FormData) =>
    apiRequest(`/api/projects/${segment(projectId)}/photos/`, {
      method: 'POST',
      formData,
      schema: documentationPhotoSchema,
    }),
  );

/** DELETE /api/photos/{id}/ */
export const useDeletePhoto = (projectId: string) =>
  useDocumentationWrite(projectId, (photoId: number) =>
    apiRequest(`/api/photos/${segment(photoId)}/`, { method: 'DELETE', schema: noContentSchema }),
  );

/**
 * POST /api/layouts/{layoutId}/polygons/: keeps the selected measured polygon on the layout. The
 * viewer sends it itself (/static/js/interactive-viewer-init.js, with the page's CSRF meta tag).
 */
export const useKeepPolygon = (projectId: string, viewer: MountedViewer | null) =>
  useDocumentationWrite(projectId, async (name: string) =>
    // The viewer sends the write (it is zod-free); its answer is read through the shared schema here.
    readAnswerThrough(
      layoutPolygonSchema,
      await viewerWrite(viewer, (mounted) => mounted.keepPolygon(name)),
      {
        method: 'POST',
        path: '/api/layouts/{layoutId}/polygons/',
        status: 201,
      },
    ),
  );

/** DELETE /api/layouts/{layoutId}/polygons/{polygonId}/ on the viewer's layout, sent by the viewer. */
export const useDeletePolygon = (projectId: string, viewer: MountedViewer | null) =>
  useDocumentationWrite(projectId, (polygonId: number) =>
    viewerWrite(viewer, (mounted) => mounted.deletePolygon(polygonId)),
  );

/** POST /api/photos/{id}/hotspots/ (multipart: image, pitch, yaw, caption): a close-up inside a 360 photo. */
export const useAddCloseUp = (projectId: string) =>
  useDocumentationWrite(projectId, ({ photoId, formData }: { photoId: number; formData: FormData }) =>
    apiRequest(`/api/photos/${segment(photoId)}/hotspots/`, {
      method: 'POST',
      formData,
      schema: hotspotSchema,
    }),
  );

/** DELETE /api/hotspots/{id}/ */
export const useDeleteCloseUp = (projectId: string) =>
  useDocumentationWrite(projectId, (hotspotId: number) =>
    apiRequest(`/api/hotspots/${segment(hotspotId)}/`, { method: 'DELETE', schema: noContentSchema }),
  );

/** PATCH /api/hotspots/{id}/: a close-up's caption, or its place (pitch and yaw). */
export const useUpdateCloseUp = (projectId: string) =>
  useDocumentationWrite(projectId, ({ hotspotId, input }: { hotspotId: number; input: HotspotUpdateInput }) =>
    apiRequest(`/api/hotspots/${segment(hotspotId)}/`, {
      method: 'PATCH',
      json: input,
      schema: hotspotSchema,
    }),
  );
