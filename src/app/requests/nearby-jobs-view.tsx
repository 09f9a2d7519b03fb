import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListStates } from '#app/ui/list-states.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { type NearbyOrigin, useNearbyJobs } from './nearby-api.ts';
import { NearbyJobsList } from './nearby-jobs-list.tsx';
import { NearbyProblem } from './nearby-problem.tsx';
import { askPosition } from './visit-position.ts';

/**
 * Available Jobs' "Near me": asks the phone's position once (saying why), falls back to the business
 * location set in Settings, and lists the open jobs nearest first. A list of its own beside the
 * paged table; "Back to all jobs" returns to it.
 */
export function NearbyJobsView({ onBack }: { onBack: () => void }) {
  const [origin, setOrigin] = useState<NearbyOrigin | null>(null);
  const [asking, setAsking] = useState(false);
  const nearby = useNearbyJobs(origin);

  const findPosition = async () => {
    setAsking(true);
    const position = await askPosition();
    setAsking(false);
    setOrigin(position ?? 'business');
  };

  const answer = nearby.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <ScreenTitle>Jobs near you</ScreenTitle>
        <Button variant="default" onClick={onBack}>
          Back to all jobs
        </Button>
      </Group>
      {origin === null ? (
        <Stack gap="sm" align="flex-start">
          <Text>
            To sort jobs by distance, FieldBid asks your phone where you are, once. Your position is used for
            this list only and is not saved. Without it, your business location from Settings is used.
          </Text>
          <Button onClick={findPosition} loading={asking}>
            Share my position
          </Button>
        </Stack>
      ) : nearby.isError ? (
        <NearbyProblem error={nearby.error} />
      ) : (
        <ListStates
          loading={nearby.isPending}
          loadingLabel="Finding jobs near you"
          error={null}
          stale={false}
          empty={answer && answer.results.length === 0 ? `No open jobs within ${answer.within_km} km.` : null}
        >
          {answer ? (
            <Stack gap="xs" maw={760}>
              <Text size="sm" c="dimmed">
                {answer.origin.source === 'position'
                  ? `Measured from where you are, within ${answer.within_km} km.`
                  : `Measured from your business location, within ${answer.within_km} km.`}
              </Text>
              <NearbyJobsList jobs={answer.results} />
            </Stack>
          ) : null}
        </ListStates>
      )}
    </Stack>
  );
}
