import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import type {
  DocumentationPhotoView,
  HotspotView,
  LayoutView,
  ProjectDocumentation,
} from '#shared/documentation.ts';
import type { HotspotUpdateInput, LayoutUpdateInput } from '#shared/documentation-uploads.ts';
import type { MountedViewer } from '#viewer/viewer-api.ts';
import { viewerWrite } from './viewer-write.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));

export const documentationKeys = {
  project: (projectId: string) => ['projects', projectId, 'documentation'] as const,
};

/** GET /api/projects/{id}/documentation/: layouts with pins and polygons, drone and thermal photos. */
export function useProjectDocumentation(projectId: string) {
  return useQuery({
    queryKey: documentationKeys.project(projectId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/projects/${segment(projectId)}/documentation/`, {
        signal,
      })) as ProjectDocumentation,
    enabled: /^\d{1,9}$/.test(projectId),
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
  useDocumentationWrite(
    projectId,
    async (formData: FormData) =>
      (await apiRequest(`/api/projects/${segment(projectId)}/layouts/`, {
        method: 'POST',
        formData,
      })) as LayoutView,
  );

/** PATCH /api/layouts/{id}/: rename or calibrate. */
export const useUpdateLayout = (projectId: string) =>
  useDocumentationWrite(
    projectId,
    async ({ layoutId, input }: { layoutId: number; input: LayoutUpdateInput }) =>
      (await apiRequest(`/api/layouts/${segment(layoutId)}/`, {
        method: 'PATCH',
        json: input,
      })) as LayoutView,
  );

/** DELETE /api/layouts/{id}/ with its pins and polygons. */
export const useDeleteLayout = (projectId: string) =>
  useDocumentationWrite(projectId, async (layoutId: number) =>
    apiRequest(`/api/layouts/${segment(layoutId)}/`, { method: 'DELETE' }),
  );

/** POST /api/projects/{id}/photos/ (multipart: image, kind, caption, is_360, layout_id, x, y, unit_id, taken_at). */
export const useUploadPhoto = (projectId: string) =>
  useDocumentationWrite(
    projectId,
    async (formData: FormData) =>
      (await apiRequest(`/api/projects/${segment(projectId)}/photos/`, {
        method: 'POST',
        formData,
      })) as DocumentationPhotoView,
  );

/** DELETE /api/photos/{id}/ */
export const useDeletePhoto = (projectId: string) =>
  useDocumentationWrite(projectId, async (photoId: number) =>
    apiRequest(`/api/photos/${segment(photoId)}/`, { method: 'DELETE' }),
  );

/**
 * POST /api/layouts/{layoutId}/polygons/: keeps the selected measured polygon on the layout. The
 * viewer sends it itself (/static/js/interactive-viewer-init.js, with the page's CSRF meta tag).
 */
export const useKeepPolygon = (projectId: string, viewer: MountedViewer | null) =>
  useDocumentationWrite(projectId, (name: string) =>
    viewerWrite(viewer, (mounted) => mounted.keepPolygon(name)),
  );

/** DELETE /api/layouts/{layoutId}/polygons/{polygonId}/ on the viewer's layout, sent by the viewer. */
export const useDeletePolygon = (projectId: string, viewer: MountedViewer | null) =>
  useDocumentationWrite(projectId, (polygonId: number) =>
    viewerWrite(viewer, (mounted) => mounted.deletePolygon(polygonId)),
  );

/** POST /api/photos/{id}/hotspots/ (multipart: image, pitch, yaw, caption): a close-up inside a 360 photo. */
export const useAddCloseUp = (projectId: string) =>
  useDocumentationWrite(projectId, async ({ photoId, formData }: { photoId: number; formData: FormData }) =>
    apiRequest(`/api/photos/${segment(photoId)}/hotspots/`, { method: 'POST', formData }),
  );

/** DELETE /api/hotspots/{id}/ */
export const useDeleteCloseUp = (projectId: string) =>
  useDocumentationWrite(projectId, async (hotspotId: number) =>
    apiRequest(`/api/hotspots/${segment(hotspotId)}/`, { method: 'DELETE' }),
  );

/** PATCH /api/hotspots/{id}/: a close-up's caption, or its place (pitch and yaw). */
export const useUpdateCloseUp = (projectId: string) =>
  useDocumentationWrite(
    projectId,
    async ({ hotspotId, input }: { hotspotId: number; input: HotspotUpdateInput }) =>
      (await apiRequest(`/api/hotspots/${segment(hotspotId)}/`, {
        method: 'PATCH',
        json: input,
      })) as HotspotView,
  );
