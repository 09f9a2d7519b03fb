import { Anchor, Button, Card, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ImageOverlay } from '#app/ui/image-overlay.tsx';
import { formatDate } from '#shared/date-display.ts';
import type { DocumentationPhotoView, ProjectDocumentation } from '#shared/documentation.ts';
import classes from './asbuilds.module.css';
import { useConfirmDeletePhoto } from './confirm-delete-photo.tsx';
import { PhotoDialog, type PhotoTarget } from './photo-dialog.tsx';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={`${id}-title`}
      id={id}
      style={{ scrollMarginTop: 80 }}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="h4" id={`${id}-title`}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function PhotoGallery({
  photos,
  empty,
  onOpen,
  onDelete,
}: {
  photos: DocumentationPhotoView[];
  empty: string;
  onOpen: (photo: DocumentationPhotoView) => void;
  onDelete?: ((photo: DocumentationPhotoView) => void) | undefined;
}) {
  if (photos.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <div className={classes.gallery}>
      {photos.map((photo) => (
        <Card key={photo.id} withBorder padding="xs" radius="md">
          <Card.Section>
            <UnstyledButton
              onClick={() => onOpen(photo)}
              aria-label={`Show full screen: ${photo.caption || `photo ${photo.id}`}`}
              style={{ display: 'block', width: '100%', cursor: 'zoom-in' }}
            >
              <Image src={photo.url} alt="" h={150} fit="cover" loading="lazy" />
            </UnstyledButton>
          </Card.Section>
          <Text size="sm" mt="xs" fw={600}>
            {photo.caption || `Photo ${photo.id}`}
          </Text>
          {photo.taken_at && (
            <Text size="xs" c="dimmed">
              Taken {formatDate(photo.taken_at)}
            </Text>
          )}
          {onDelete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              mt={4}
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onDelete(photo)}
              aria-label={`Delete ${photo.caption || `photo ${photo.id}`}`}
            >
              Delete
            </Button>
          )}
        </Card>
      ))}
    </div>
  );
}

/**
 * The Client properties card's other documentation links land here (#drone-photos, #thermal,
 * #rfis, #drawings): the property's photos by kind and its plans as downloads.
 */
export function DocumentationSections({
  projectId,
  documentation,
}: {
  projectId: string;
  documentation: ProjectDocumentation;
}) {
  const onDeletePhoto = useConfirmDeletePhoto(projectId);
  const [open, setOpen] = useState<DocumentationPhotoView | null>(null);
  const [adding, setAdding] = useState<PhotoTarget | null>(null);
  const canEdit = documentation.can_edit;
  const addButton = (kind: 'drone' | 'thermal', label: string) =>
    canEdit && (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPhotoPlus size={14} aria-hidden />}
        onClick={() => setAdding({ kind })}
      >
        {label}
      </Button>
    );
  const deleter = canEdit ? onDeletePhoto : undefined;
  return (
    <Stack gap="xl" mt="xl">
      <Section id="drone-photos" title="Drone Photos" action={addButton('drone', 'Add drone photo')}>
        <PhotoGallery
          photos={documentation.drone_photos}
          empty="No drone photos for this property yet."
          onOpen={setOpen}
          onDelete={deleter}
        />
      </Section>
      <Section id="thermal" title="Thermal" action={addButton('thermal', 'Add thermal image')}>
        <PhotoGallery
          photos={documentation.thermal_photos}
          empty="No thermal images for this property yet."
          onOpen={setOpen}
          onDelete={deleter}
        />
      </Section>
      <Section id="rfis" title="RFIs">
        <Text size="sm" c="dimmed">
          No RFIs for this property.
        </Text>
      </Section>
      <Section id="drawings" title="Drawings">
        {documentation.layouts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No drawings for this property yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {documentation.layouts.map((layout) => (
              <li key={layout.id}>
                <Anchor href={layout.url} download>
                  {layout.name}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {layout.width_px} × {layout.height_px} px
                  {layout.feet_per_pixel ? `, 1 px = ${layout.feet_per_pixel} ft` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <ImageOverlay src={open?.url ?? null} alt={open?.caption ?? ''} onClose={() => setOpen(null)} />
      {adding && <PhotoDialog projectId={projectId} target={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
