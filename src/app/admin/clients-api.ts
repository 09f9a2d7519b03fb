import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type AdminProject,
  adminClientDetailSchema,
  adminClientPageSchema,
  adminProjectSchema,
  adminUnitListSchema,
  type ProjectValues,
  unitsAddedSchema,
} from '#shared/admin-clients.ts';
import { noContentSchema } from '#shared/response-fields.ts';
import { refetchInBackground } from './refetch-in-background.ts';

// Clients, their properties and units in the staff console.

export const clientKeys = {
  all: ['admin', 'clients'] as const,
  list: (page: number) => [...clientKeys.all, 'list', page] as const,
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
  units: (projectId: number) => [...clientKeys.all, 'units', projectId] as const,
};

export function useAdminClients(page: number) {
  return useQuery({
    queryKey: clientKeys.list(page),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/clients/', { schema: adminClientPageSchema, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminClient(id: number | null) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      await apiRequest(`/api/admin/clients/${id}/`, { schema: adminClientDetailSchema, signal }),
    enabled: id !== null,
  });
}

/** Creates a property for the client (project null) or replaces one; counts are fetched again. */
export function useSaveProject(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      project,
      values,
    }: {
      project: AdminProject | null;
      values: ProjectValues;
    }): Promise<AdminProject> =>
      await apiRequest(
        project ? `/api/admin/projects/${project.id}/` : `/api/admin/clients/${clientId}/projects/`,
        { schema: adminProjectSchema, method: project ? 'PUT' : 'POST', json: values },
      ),
    onSettled: refetchInBackground(queryClient, clientKeys.all),
  });
}

export function useProjectUnits(projectId: number) {
  return useQuery({
    queryKey: clientKeys.units(projectId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/admin/projects/${projectId}/units/`, { schema: adminUnitListSchema, signal }))
        .results,
  });
}

export function useAddUnits(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (numbers: string) =>
      await apiRequest(`/api/admin/projects/${projectId}/units/`, {
        schema: unitsAddedSchema,
        method: 'POST',
        json: { numbers },
      }),
    onSettled: refetchInBackground(queryClient, clientKeys.all),
  });
}

export function useRemoveUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (unitId: number) => {
      await apiRequest(`/api/admin/units/${unitId}/`, { schema: noContentSchema, method: 'DELETE' });
    },
    onSettled: refetchInBackground(queryClient, clientKeys.all),
  });
}

/** Uploads a property's card image (multipart `thumbnail`; the server checks it is an image). */
export function useUploadThumbnail(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<AdminProject> => {
      const formData = new FormData();
      formData.append('thumbnail', file);
      return await apiRequest(`/api/admin/projects/${projectId}/thumbnail/`, {
        schema: adminProjectSchema,
        method: 'POST',
        formData,
      });
    },
    onSettled: refetchInBackground(queryClient, clientKeys.all),
  });
}
