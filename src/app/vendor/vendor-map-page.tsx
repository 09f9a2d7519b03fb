import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { type NearbyOrigin, useNearbyJobs } from '#app/requests/nearby-api.ts';
import { NearbyJobsList } from '#app/requests/nearby-jobs-list.tsx';
import { NearbyProblem } from '#app/requests/nearby-problem.tsx';
import { askPosition } from '#app/requests/visit-position.ts';
import { vendorRequestPath } from '#app/route-paths.ts';
import { ListStates } from '#app/ui/list-states.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { formatDateTime } from '#shared/date-display.ts';
import { directionsUrl, propertyPlace, type VendorVisitToday } from '#shared/places.ts';
import type { MapPoint } from './jobs-map.tsx';
import { useMapSettings, useVisitsToday } from './map-api.ts';

// Leaflet and its stylesheet load with the map alone, after the lists.
const JobsMap = lazy(() => import('./jobs-map.tsx').then((m) => ({ default: m.JobsMap })));

export const TILES_FAILED = 'Map tiles could not load; the list below has every job.';

function VisitsToday({ visits }: { visits: VendorVisitToday[] }) {
  if (visits.length === 0) return <Text c="dimmed">No confirmed visits today.</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Today's visits">
      {visits.map((visit) => (
        <Card key={visit.id} component="li" withBorder radius="md" padding="sm" data-testid="visit-today">
          <Anchor component={Link} to={vendorRequestPath(visit.request_id)} fw={700}>
            {visit.name}
          </Anchor>
          <Text size="sm">
            {formatDateTime(visit.starts_at, visit.time_zone)} to{' '}
            {formatDateTime(visit.ends_at, visit.time_zone)}
          </Text>
          <Text size="sm" c="dimmed">
            {propertyPlace(visit.property_name, visit.city)}
          </Text>
          <Anchor href={directionsUrl(visit)} target="_blank" rel="noopener noreferrer" size="sm" py={6}>
            Open directions
          </Anchor>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /vendor/map: today's confirmed visits and the open jobs nearby, on a map and always as plain lists
 * too, so the page is whole without tiles (offline, or the tile server out of reach).
 */
export function VendorMapPage() {
  const settings = useMapSettings();
  const visits = useVisitsToday();
  // The business location first (no prompt); the phone's position when the vendor asks.
  const [origin, setOrigin] = useState<NearbyOrigin>('business');
  const [asking, setAsking] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );
  const nearby = useNearbyJobs(origin);

  const askForPosition = async () => {
    setAsking(true);
    const position = await askPosition();
    setAsking(false);
    if (position) setOrigin(position);
  };

  const points = useMemo<MapPoint[]>(() => {
    const visitPoints: MapPoint[] = (visits.data?.results ?? []).flatMap((visit) =>
      visit.latitude === null || visit.longitude === null
        ? []
        : [
            {
              key: `visit-${visit.id}`,
              latitude: visit.latitude,
              longitude: visit.longitude,
              label: visit.name,
              kind: 'visit',
            },
          ],
    );
    // One point a property: its jobs share its position.
    const byPlace = new Map<string, MapPoint & { count: number; place: string; km: number }>();
    for (const job of nearby.data?.results ?? []) {
      const key = `${job.latitude},${job.longitude}`;
      const seen = byPlace.get(key);
      if (seen) seen.count += 1;
      else
        byPlace.set(key, {
          key: `jobs-${key}`,
          latitude: job.latitude,
          longitude: job.longitude,
          label: '',
          kind: 'job',
          count: 1,
          place: propertyPlace(job.property_name, job.city),
          km: job.distance_km,
        });
    }
    const jobPoints: MapPoint[] = [...byPlace.values()].map(({ count, place, km, ...point }) => ({
      ...point,
      label: `${place}: ${count === 1 ? '1 open job' : `${count} open jobs`}, ${km.toFixed(1)} km`,
    }));
    return [...visitPoints, ...jobPoints];
  }, [visits.data, nearby.data]);
  const center = nearby.data ? nearby.data.origin : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <ScreenTitle>Map</ScreenTitle>
        <Button variant="light" onClick={askForPosition} loading={asking}>
          Use my position
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Your position is asked for only when you tap “Use my position”, to measure distances; it is not saved.
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            {tilesFailed ? (
              <Alert color="orange" variant="light" data-testid="tiles-failed">
                {TILES_FAILED}
              </Alert>
            ) : null}
            <div style={{ height: 'min(60vh, 480px)', minHeight: 260 }}>
              {settings.data ? (
                <Suspense fallback={null}>
                  <JobsMap
                    settings={settings.data}
                    center={center}
                    points={points}
                    onTilesFailed={() => setTilesFailed(true)}
                  />
                </Suspense>
              ) : null}
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                Today's visits
              </Title>
              <ListStates
                loading={visits.isPending}
                loadingLabel="Loading today's visits"
                error={visits.isError ? visits.error.message || 'Could not load today’s visits.' : null}
                empty={null}
                stale={false}
              >
                {visits.data ? <VisitsToday visits={visits.data.results} /> : null}
              </ListStates>
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h4">
                Open jobs nearby
              </Title>
              {nearby.isError ? (
                <NearbyProblem error={nearby.error} />
              ) : (
                <ListStates
                  loading={nearby.isPending}
                  loadingLabel="Finding jobs nearby"
                  error={null}
                  empty={
                    nearby.data && nearby.data.results.length === 0
                      ? `No open jobs within ${nearby.data.within_km} km.`
                      : null
                  }
                  stale={false}
                >
                  {nearby.data ? (
                    <Stack gap="xs">
                      <Text size="sm" c="dimmed">
                        {nearby.data.origin.source === 'position'
                          ? 'Measured from where you are.'
                          : 'Measured from your business location.'}
                      </Text>
                      <NearbyJobsList jobs={nearby.data.results} />
                    </Stack>
                  ) : null}
                </ListStates>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
