import { ActionIcon, Badge, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconTrash, IconWorld } from '@tabler/icons-react';
import { formatDate } from '#shared/date-display.ts';
import type { DocumentationPhotoView } from '#shared/documentation.ts';
import classes from './asbuilds.module.css';

/**
 * The layout's photos, one large with its caption and a strip of thumbnails; the red buttons on the
 * plan select here. A 360-degree photo opens in the sphere viewer.
 */
export function PhotoCarousel({
  photos,
  selectedId,
  onSelect,
  onOpen360,
  onDelete,
}: {
  photos: DocumentationPhotoView[];
  selectedId: number | null;
  onSelect: (photoId: number) => void;
  onOpen360: (photo: DocumentationPhotoView) => void;
  /** For the documentation's writers. */
  onDelete?: (photo: DocumentationPhotoView) => void;
}) {
  const index = Math.max(
    0,
    photos.findIndex((photo) => photo.id === selectedId),
  );
  const photo = photos[index];
  const step = (delta: number) => {
    const next = photos[(index + delta + photos.length) % photos.length];
    if (next) onSelect(next.id);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="photo-carousel-title" id="photo-carousel">
      <Title order={2} fz="h4" id="photo-carousel-title">
        Photos{photos.length > 0 ? ` (${photos.length})` : ''}
      </Title>
      {!photo ? (
        <Text c="dimmed" size="sm">
          No photos on this layout yet.
        </Text>
      ) : (
        <>
          <div className={classes.carouselMain}>
            <Image src={photo.url} alt={photo.caption || `Photo ${photo.id}`} h={260} fit="contain" />
          </div>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous photo"
              onClick={() => step(-1)}
              disabled={photos.length < 2}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }} aria-live="polite">
              <Text fw={600} size="sm">
                {photo.caption || `Photo ${photo.id}`}
              </Text>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {index + 1} of {photos.length}
                  {photo.unit ? ` · Unit ${photo.unit.number}` : ''}
                  {photo.taken_at ? ` · Taken ${formatDate(photo.taken_at)}` : ''}
                </Text>
                {photo.is_360 && (
                  <Badge size="xs" variant="light">
                    360°
                  </Badge>
                )}
              </Group>
            </Stack>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next photo"
              onClick={() => step(1)}
              disabled={photos.length < 2}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {(photo.is_360 || onDelete) && (
            <Group gap="xs" grow>
              {photo.is_360 && (
                <Button leftSection={<IconWorld size={16} aria-hidden />} onClick={() => onOpen360(photo)}>
                  View in 360°
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onDelete(photo)}
                >
                  Delete photo
                </Button>
              )}
            </Group>
          )}
          <ul className={classes.thumbs} aria-label="All photos of this layout">
            {photos.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={classes.thumb}
                  data-selected={item.id === photo.id || undefined}
                  aria-current={item.id === photo.id || undefined}
                  aria-label={item.caption || `Photo ${item.id}`}
                  onClick={() => onSelect(item.id)}
                >
                  <img src={item.url} alt="" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}
