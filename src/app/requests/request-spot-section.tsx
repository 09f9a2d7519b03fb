import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconView360 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { SpotPlan } from '#app/asbuilds/spot-plan.tsx';
import type { BehindWallPhoto, RequestSpot } from '#shared/request-spot.ts';

// three.js comes with the sphere viewer only, when a 360-degree photo is opened.
const PanoramaPhotoModal = lazy(() => import('#app/panorama/panorama-photo-modal.tsx'));

const distanceText = (photo: BehindWallPhoto, rank: number) =>
  photo.distance_ft === null
    ? `Nearest photo ${rank}`
    : `${photo.distance_ft.toLocaleString('en-US', { maximumFractionDigits: 1 })} ft from the spot`;

/**
 * The request's location on the floor plan and "What is behind this wall": shown to
 * everyone who may see the request, vendors without an accepted bid included (the excerpt's rule,
 * docs/decisions/priced-bids-on-the-plan.md). Each photo opens in the sphere viewer with its close-ups.
 */
export function RequestSpotSection({ spot }: { spot: RequestSpot }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = spot.behind_wall.find((photo) => photo.id === openId) ?? null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="request-spot-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="request-spot-title">
            Location on the floor plan
          </Title>
          <Text size="sm" c="dimmed">
            {spot.layout.name} · the red dot marks the spot
            {spot.area ? ', the dashed outline the affected area' : ''}
          </Text>
        </div>
        <SpotPlan spot={spot} onPhoto={setOpenId} />
        <div>
          <Title order={3} fz="h5" mb="xs">
            What is behind this wall
          </Title>
          {spot.behind_wall.length === 0 ? (
            <Text size="sm" c="dimmed">
              No 360° photos are pinned on this layout yet.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {spot.behind_wall.map((photo, index) => (
                <Card key={photo.id} withBorder radius="md" padding="xs">
                  <Card.Section>
                    <Image src={photo.url} alt="" h={110} fit="cover" />
                  </Card.Section>
                  <Stack gap={4} mt="xs">
                    <Text size="sm" fw={600} lineClamp={2}>
                      {photo.caption || `360° photo ${index + 1}`}
                    </Text>
                    <Group gap={6}>
                      <Badge variant="light" color="red">
                        {distanceText(photo, index + 1)}
                      </Badge>
                      {photo.hotspots.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {photo.hotspots.length === 1 ? '1 close-up' : `${photo.hotspots.length} close-ups`}
                        </Text>
                      )}
                    </Group>
                    <Button
                      variant="light"
                      mih={44}
                      leftSection={<IconView360 size={18} aria-hidden />}
                      onClick={() => setOpenId(photo.id)}
                      aria-label={`Open 360° view: ${photo.caption || `photo ${index + 1}`}`}
                    >
                      Open 360° view
                    </Button>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </div>
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <PanoramaPhotoModal
            opened
            onClose={() => setOpenId(null)}
            title={opened.caption || '360° photo'}
            imageUrl={opened.url}
            hotspots={opened.hotspots}
          />
        </Suspense>
      )}
    </Card>
  );
}
