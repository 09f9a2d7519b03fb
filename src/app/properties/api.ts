import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';

const projectUnitListSchema = lazySchema(() =>
  import('#shared/project-responses.ts').then((m) => m.projectUnitListSchema),
);
const userProjectListSchema = lazySchema(() =>
  import('#shared/user-projects.ts').then((m) => m.userProjectListSchema),
);

const segment = (value: string | number) => encodeURIComponent(String(value));

export const projectKeys = {
  mine: () => ['user', 'projects'] as const,
  units: (projectId: number) => ['projects', projectId, 'units'] as const,
};

// Signed-in spec, section 8: the body's error field, else this.
export const PROJECTS_FAILURE = 'Failed to fetch properties';

/** GET /api/user/projects/: the properties of the top bar's dropdown. */
export function userProjectsQueryOptions() {
  return queryOptions({
    queryKey: projectKeys.mine(),
    meta: { answer: 'userProjects' },
    queryFn: ({ signal }) => apiRequest('/api/user/projects/', { schema: userProjectListSchema, signal }),
  });
}

export function useUserProjects() {
  return useQuery(userProjectsQueryOptions());
}

/** The message the dropdown shows in red for a failed property load. */
export function projectsErrorMessage(error: unknown): string {
  if (isApiError(error) && error.body && typeof error.body === 'object' && 'error' in error.body) {
    const text = error.body.error;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return PROJECTS_FAILURE;
}

/** GET /api/projects/{id}/units/: the request form's unit choices, once a property is chosen. */
export function useProjectUnits(projectId: number | null) {
  return useQuery({
    queryKey: projectKeys.units(projectId ?? 0),
    meta: { answer: 'projectUnits' },
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${segment(projectId ?? 0)}/units/`, {
        schema: projectUnitListSchema,
        signal,
      }),
    enabled: projectId !== null,
  });
}
