import { ActionIcon, Alert, Box, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { equirectangularPosition, type SphereHotspot } from './sphere-math.ts';

/**
 * What the viewer shows without WebGL (or when the 3D view failed): the flat equirectangular image
 * with the hotspots at their place on it, still clickable.
 */
export function FlatPanorama({
  imageUrl,
  label,
  hotspots,
  onHotspotClick,
}: {
  imageUrl: string;
  label: string;
  hotspots: readonly SphereHotspot[];
  onHotspotClick: (id: number) => void;
}) {
  return (
    <Stack gap="xs">
      <Alert color="gray" variant="light">
        This browser cannot show the 360° view (WebGL is not available), so the panorama is shown flat.
      </Alert>
      <Box pos="relative">
        <img src={imageUrl} alt={label} style={{ display: 'block', width: '100%', height: 'auto' }} />
        {hotspots.map((hotspot) => {
          const { left, top } = equirectangularPosition(hotspot);
          return (
            <ActionIcon
              key={hotspot.id}
              variant="filled"
              radius="xl"
              size="md"
              aria-label={hotspot.label}
              title={hotspot.label}
              onClick={() => onHotspotClick(hotspot.id)}
              style={{
                position: 'absolute',
                left: `${left * 100}%`,
                top: `${top * 100}%`,
                translate: '-50% -50%',
              }}
            >
              <IconPhoto size={16} aria-hidden />
            </ActionIcon>
          );
        })}
      </Box>
    </Stack>
  );
}
