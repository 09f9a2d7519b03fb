import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { documentationLinks } from './documentation-links.ts';

/**
 * /property-manager/documentation (the spec's placeholder): every property of the manager with the
 * way into its as-builds viewer and each kind of documentation.
 */
export function DocumentationPage() {
  const { projects, isLoading, error } = useSelectedProperty();
  return (
    <Stack gap="md">
      <ScreenTitle>Property Documentation</ScreenTitle>
      {isLoading ? (
        <CenteredLoader label="Loading properties" />
      ) : error ? (
        <ErrorAlert>
          The properties could not be loaded: {error instanceof Error ? error.message : 'unknown error'}
        </ErrorAlert>
      ) : projects.length === 0 ? (
        <Text c="dimmed">No properties yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {projects.map((project) => (
            <Card key={project.id} withBorder radius="md" padding="md" component="article">
              <Text fw={700}>{project.name}</Text>
              <Text size="sm" c="dimmed" mb="sm">
                {project.address}
              </Text>
              <Group gap="xs" component="nav" aria-label={`Documentation of ${project.name}`}>
                {documentationLinks(project.id).map((link) => (
                  <Anchor key={link.label} component={Link} to={link.to} size="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
