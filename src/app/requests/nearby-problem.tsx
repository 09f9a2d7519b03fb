import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { vendorPaths } from '#app/route-paths.ts';
import { PLACE_MESSAGES } from '#shared/places.ts';

/**
 * Why nearby jobs are not shown: no position and no business location (the server's 400, with the
 * way to Settings), or the call itself failed (offline: the jobs list is the copy kept offline).
 */
export function NearbyProblem({ error }: { error: Error }) {
  const noPlace = isApiError(error) && error.status === 400;
  return (
    <Alert color="orange" variant="light">
      <Stack gap="xs">
        <Text size="sm">
          {noPlace
            ? (error.serverMessage ?? PLACE_MESSAGES.noPosition)
            : `Nearby jobs could not load: ${error.message}. Available Jobs keeps its list offline.`}
        </Text>
        {noPlace ? (
          <Anchor component={Link} to={`${vendorPaths.settings}#location`} size="sm" fw={600}>
            Set your business location
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
