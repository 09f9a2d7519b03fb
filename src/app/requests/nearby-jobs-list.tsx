import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { vendorRequestPath } from '#app/route-paths.ts';
import { formatKm, type NearbyJob, propertyPlace } from '#shared/places.ts';

/** Nearby jobs as cards, nearest first: the name, the trade, "Property · City" and the distance. */
export function NearbyJobsList({ jobs }: { jobs: NearbyJob[] }) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Jobs near you">
      {jobs.map((job) => (
        <Card key={job.id} component="li" withBorder radius="md" padding="sm" data-testid="nearby-job">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={vendorRequestPath(job.id)} fw={700}>
                {job.name}
              </Anchor>
              <Text size="sm">
                {job.service_type} · {job.priority} priority
              </Text>
              <Text size="sm" c="dimmed">
                {propertyPlace(job.property_name, job.city)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={700} data-testid="nearby-distance">
                {formatKm(job.distance_km)}
              </Text>
              {job.has_bid ? (
                <Badge variant="light" color="teal">
                  You bid
                </Badge>
              ) : null}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
