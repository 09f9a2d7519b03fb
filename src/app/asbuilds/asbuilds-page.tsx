import { Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { useProjectDocumentation } from './api.ts';
import { AsbuildsViewer } from './asbuilds-viewer.tsx';
import { DocumentationSections } from './documentation-sections.tsx';
import { FeatureAlert } from './feature-alert.tsx';

/** /property-manager/:projectId/asbuilds: the property's as-built documentation (signed-in spec, section 2). */
export function AsbuildsPage() {
  const { projectId = '' } = useParams();
  const { hash } = useLocation();
  const documentation = useProjectDocumentation(projectId);
  const loaded = documentation.isSuccess;

  // The Client properties card links to a section (#drone-photos, #thermal, ...), which exists once loaded.
  useEffect(() => {
    if (loaded && hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  if (documentation.isError) {
    const error = documentation.error;
    return (
      <Stack gap="md">
        <ScreenTitle>Property Documentation</ScreenTitle>
        <ErrorAlert>
          {isApiError(error) && (error.status === 403 || error.status === 404)
            ? error.message
            : `The documentation could not be loaded: ${error.message}`}
        </ErrorAlert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <ScreenTitle>Property Documentation</ScreenTitle>
        {documentation.data && (
          <Text c="dimmed" mt={-12}>
            {documentation.data.project.name} · {documentation.data.project.address}
          </Text>
        )}
      </div>
      <FeatureAlert />
      <AsbuildsViewer projectId={projectId} documentation={documentation.data} />
      {documentation.data && (
        <DocumentationSections projectId={projectId} documentation={documentation.data} />
      )}
    </Stack>
  );
}
