import { Button, Card, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { isProjectId, useVendorDocumentation } from '#app/asbuilds/api.ts';
import { AsbuildsViewer } from '#app/asbuilds/asbuilds-viewer.tsx';
import { isApiError } from '#app/lib/api-error.ts';
import { keptDocumentationKey } from '#app/offline/kept-documentation.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { vendorPaths } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';

const NOT_FOUND = 'This property does not exist or was removed.';
const DENIED =
  'You can open the documentation of a property while you hold an accepted bid on one of its jobs.';

function errorText(error: Error): string {
  if (isApiError(error) && error.status === 404) return error.serverMessage ?? NOT_FOUND;
  if (isApiError(error) && error.status === 403)
    return `${error.serverMessage ?? 'You do not have permission to view this property.'} ${DENIED}`;
  if (isApiError(error) && error.isNetworkError)
    return 'The documentation could not be loaded: you are offline and it was not kept on this device. Keep the job offline next time you have a connection.';
  return `The documentation could not be loaded: ${error.message}`;
}

function BackToJobs() {
  return (
    <Button
      component={Link}
      to={vendorPaths.jobs}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
    >
      Back to jobs
    </Button>
  );
}

/**
 * /vendor/properties/:projectId/documentation: the floor plans and in-wall photos of a property the
 * vendor works on (an accepted bid), read-only, and readable offline once a job of it is kept.
 */
export function PropertyDocumentationPage() {
  const { projectId = '' } = useParams();
  const documentation = useVendorDocumentation(projectId);

  // A failed refresh with a copy on screen keeps the copy ("Offline · saved …" says how old it is).
  if (!isProjectId(projectId) || (documentation.isError && !documentation.data)) {
    return (
      <Stack gap="md">
        <ScreenTitle>Property Documentation</ScreenTitle>
        <Card withBorder radius="md" padding="lg" maw={640}>
          <Stack gap="sm">
            <ErrorAlert>{documentation.error ? errorText(documentation.error) : NOT_FOUND}</ErrorAlert>
            <BackToJobs />
          </Stack>
        </Card>
      </Stack>
    );
  }

  const data = documentation.data;
  return (
    <Stack gap="md">
      <div>
        <ScreenTitle>Property Documentation</ScreenTitle>
        {data ? (
          <Text c="dimmed" mt={-12}>
            <Text span fw={600} c="var(--mantine-color-text)">
              {data.project.name}
            </Text>{' '}
            · {data.project.address}
          </Text>
        ) : null}
        <LastRefreshed queryKey={keptDocumentationKey(Number(projectId))} />
      </div>
      <AsbuildsViewer projectId={projectId} documentation={data} />
    </Stack>
  );
}
