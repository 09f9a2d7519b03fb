import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconFocusCentered,
  IconPencil,
  IconPhoto,
  IconPhotoPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { Angles } from './sphere-math.ts';
import { SphereViewer } from './sphere-viewer.tsx';

export interface PanoramaCloseUp {
  id: number;
  pitch: number;
  yaw: number;
  /** The close-up photo. */
  url: string;
  caption: string;
}

export interface PanoramaPhotoModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The equirectangular 360° photo. */
  imageUrl: string;
  hotspots: readonly PanoramaCloseUp[];
  /** For the documentation's writers: add or move a close-up where the view points, edit, delete. */
  editor?: PanoramaEditor;
}

export interface PanoramaEditor {
  onAddCloseUp: (at: Angles) => void;
  onMoveCloseUp: (closeUp: PanoramaCloseUp, to: Angles) => void;
  onEditCaption: (closeUp: PanoramaCloseUp) => void;
  onDeleteCloseUp: (closeUp: PanoramaCloseUp) => void;
}

/**
 * A 360° photo in a modal, with its close-ups as hotspots: clicking one shows that photo and its
 * caption in place of the sphere, with a way back. The default export so screens can load it (and
 * three.js with it) through React.lazy only when a 360° photo is opened.
 */
export default function PanoramaPhotoModal({
  opened,
  onClose,
  title,
  imageUrl,
  hotspots,
  editor,
}: PanoramaPhotoModalProps) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [view, setView] = useState<Angles>({ pitch: 0, yaw: 0 });
  const phone = useMediaQuery('(max-width: 36em)');
  const selected = hotspots.find((hotspot) => hotspot.id === selectedId) ?? null;
  const close = () => {
    setSelectedId(null);
    onClose();
  };
  const sphereHotspots = hotspots.map((hotspot) => ({
    id: hotspot.id,
    pitch: hotspot.pitch,
    yaw: hotspot.yaw,
    label: `Close-up: ${hotspot.caption}`,
  }));

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      fullScreen={phone}
    >
      {selected && (
        <Stack gap="sm">
          <Box component="figure" m={0}>
            <Image src={selected.url} alt={selected.caption} radius="sm" fit="contain" mah="70vh" />
            <Text component="figcaption" size="sm" mt="xs">
              {selected.caption}
            </Text>
          </Box>
          <Group>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setSelectedId(null)}
            >
              Back to the 360° view
            </Button>
            {editor && (
              <Button
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => editor.onEditCaption(selected)}
              >
                Edit caption
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {/* Kept mounted while a close-up shows, so going back returns to the same view. */}
      <Box hidden={selected !== null}>
        <SphereViewer
          imageUrl={imageUrl}
          label={`360° photo: ${title}`}
          hotspots={sphereHotspots}
          onHotspotClick={setSelectedId}
          onViewChange={setView}
          height="clamp(240px, 60vh, 520px)"
        />
        {editor && (
          <Group mt="sm">
            <Button
              variant="light"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              onClick={() => editor.onAddCloseUp(view)}
            >
              Add close-up here
            </Button>
          </Group>
        )}
        {hotspots.length > 0 && (
          <Stack gap={4} mt="sm" component="nav" aria-label="Close-ups in this photo">
            <Text size="sm" fw={600}>
              Close-ups
            </Text>
            {hotspots.map((hotspot) => (
              <Group key={hotspot.id} gap={4} wrap="nowrap">
                <UnstyledButton
                  onClick={() => setSelectedId(hotspot.id)}
                  fz="sm"
                  c="blue.8"
                  style={{ display: 'flex', alignItems: 'center', gap: 6 }}
                >
                  <IconPhoto size={16} aria-hidden />
                  {hotspot.caption || `Close-up ${hotspot.id}`}
                </UnstyledButton>
                {editor && <CloseUpActions closeUp={hotspot} editor={editor} view={view} />}
              </Group>
            ))}
          </Stack>
        )}
      </Box>
    </Modal>
  );
}

/** A writer's buttons beside a close-up in the list: move it to the view centre, edit, delete. */
function CloseUpActions({
  closeUp,
  editor,
  view,
}: {
  closeUp: PanoramaCloseUp;
  editor: PanoramaEditor;
  view: Angles;
}) {
  const name = closeUp.caption || closeUp.id;
  return (
    <>
      <Tooltip label="Move to the centre of the view">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Move close-up here: ${name}`}
          onClick={() => editor.onMoveCloseUp(closeUp, view)}
        >
          <IconFocusCentered size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Edit caption: ${name}`}
        onClick={() => editor.onEditCaption(closeUp)}
      >
        <IconPencil size={14} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        aria-label={`Delete close-up: ${name}`}
        onClick={() => editor.onDeleteCloseUp(closeUp)}
      >
        <IconTrash size={14} aria-hidden />
      </ActionIcon>
    </>
  );
}
