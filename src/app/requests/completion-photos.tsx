import { Anchor, Image, SimpleGrid } from '@mantine/core';

/** Thumbnails of job photos, each opening the full-size image. */
export function CompletionPhotos({
  photos,
  label,
}: {
  photos: Array<{ id: number; url: string }>;
  label: string;
}) {
  if (photos.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      {photos.map((photo, index) => (
        <Anchor
          key={photo.id}
          href={photo.url}
          target="_blank"
          rel="noopener"
          aria-label={`${label} ${index + 1} (full size)`}
        >
          <Image
            src={photo.url}
            alt={`${label} ${index + 1}`}
            radius="sm"
            h={110}
            fit="cover"
            loading="lazy"
          />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}
