import { Anchor, Text } from '@mantine/core';
import { directionsUrl, propertyPlace } from '#shared/places.ts';
import type { RequestDetail } from '#shared/request-responses.ts';

/**
 * The request's property on its detail: "Name · City", the address, and "Open directions" to the
 * phone's map app (the coordinates when staff entered them, else the address; a new tab).
 */
export function PropertyPlace({ project }: { project: NonNullable<RequestDetail['project']> }) {
  return (
    <>
      <Text size="sm" fw={600} data-testid="property-place">
        {propertyPlace(project.name, project.city ?? '')}
      </Text>
      <Text size="sm" c="dimmed">
        {project.address}
      </Text>
      {project.address || (project.latitude != null && project.longitude != null) ? (
        <Anchor
          href={directionsUrl({
            latitude: project.latitude,
            longitude: project.longitude,
            address: project.address,
          })}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          display="inline-block"
          py={6}
        >
          Open directions
        </Anchor>
      ) : null}
    </>
  );
}
