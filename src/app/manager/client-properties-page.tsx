import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { projectsErrorMessage } from '#app/properties/api.ts';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ImageOverlay } from '#app/ui/image-overlay.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import type { ClientProject } from '#shared/project-responses.ts';
import { useClientProjects } from './api.ts';
import { PropertyCard } from './property-card.tsx';

/** 'Error loading properties: {message}' (signed-in spec, section 8). */
export function clientPropertiesError(error: unknown): string {
  const message = isApiError(error) ? projectsErrorMessage(error) : 'An unknown error occurred';
  return `Error loading properties: ${message}`;
}

function PropertyGroup({
  title,
  projects,
  empty,
  selectedId,
  onSelect,
  onOpenImage,
}: {
  title: string;
  projects: ClientProject[];
  empty: string;
  selectedId: number | null;
  onSelect: (project: ClientProject) => void;
  onOpenImage: (project: ClientProject) => void;
}) {
  return (
    <section aria-label={title}>
      <Title order={2} fz="h3" mb="sm">
        {title}
      </Title>
      {projects.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {projects.map((project) => (
            <PropertyCard
              key={project.id}
              project={project}
              selected={project.id === selectedId}
              onSelect={() => onSelect(project)}
              onOpenImage={() => onOpenImage(project)}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** /property-manager/client-properties/:clientId (signed-in spec, section 2). */
export function ClientPropertiesPage() {
  const { clientId = '' } = useParams();
  const query = useClientProjects(clientId);
  const { selected, select } = useSelectedProperty();
  const [shown, setShown] = useState<ClientProject | null>(null);
  const projects = query.data ?? [];

  return (
    <Stack gap="xl">
      <ScreenTitle>Properties</ScreenTitle>
      {query.isPending ? (
        <CenteredLoader label="Loading properties" />
      ) : query.isError ? (
        <ErrorAlert>{clientPropertiesError(query.error)}</ErrorAlert>
      ) : (
        <>
          <PropertyGroup
            title="Active Properties"
            projects={projects.filter((project) => project.is_active)}
            empty="No active properties found."
            selectedId={selected?.id ?? null}
            onSelect={(project) => select(project.id)}
            onOpenImage={setShown}
          />
          <PropertyGroup
            title="Inactive Properties"
            projects={projects.filter((project) => !project.is_active)}
            empty="No inactive properties found."
            selectedId={selected?.id ?? null}
            onSelect={(project) => select(project.id)}
            onOpenImage={setShown}
          />
        </>
      )}
      <ImageOverlay src={shown?.thumbnail ?? null} alt={shown?.name ?? ''} onClose={() => setShown(null)} />
    </Stack>
  );
}
