import {
  Button,
  FileButton,
  Group,
  Image,
  List,
  Modal,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCameraPlus, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  addHotspot,
  clearHotspots,
  type PanoramaHotspot,
  readHotspots,
  type SaveResult,
} from '#app/lib/panorama-hotspot-store.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { PANORAMA_DEMO_IMAGE_PATH } from '#shared/panorama.ts';
import { downsizePhoto, NotAnImageError } from './photo-downsize.ts';
import { type Angles, describeAngles } from './sphere-math.ts';
import { SphereViewer } from './sphere-viewer.tsx';

function photoName(index: number): string {
  return `Photo ${index + 1}`;
}

function notKeptMessage(reason: Extract<SaveResult, { ok: false }>['reason']): string {
  return reason === 'full'
    ? "The photo was not kept: this browser's storage for FieldBid is full. Reset the photos or use a smaller one."
    : 'The photo was not kept: this browser does not let FieldBid store data (private mode or blocked storage).';
}

/**
 * /panorama: the 360° demo (signed-in spec, section 2). Visitors place photos from their device at
 * the centre of the view; the photos stay in this browser's local storage only.
 */
export function PanoramaPage() {
  const [hotspots, setHotspots] = useState<PanoramaHotspot[]>(readHotspots);
  // The photo stays named while the modal fades out, so `photoOpened` closes it, not `shownId`.
  const [shownId, setShownId] = useState<number | null>(null);
  const [photoOpened, setPhotoOpened] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const centre = useRef<Angles>({ pitch: 0, yaw: 0 });
  // Lets the same file be chosen again after an error.
  const resetFileInput = useRef<() => void>(null);

  const openIndex = hotspots.findIndex((hotspot) => hotspot.id === shownId);
  const open = openIndex >= 0 ? hotspots[openIndex]! : null;
  const showPhoto = (id: number) => {
    setShownId(id);
    setPhotoOpened(true);
  };

  const addPhoto = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setAdding(true);
    // Where the view pointed when the photo was chosen, not where it points after decoding.
    const place = { ...centre.current };
    try {
      const photoUrl = await downsizePhoto(file);
      const saved = addHotspot({ ...place, photoUrl });
      if (saved.ok) setHotspots(saved.hotspots);
      else setError(notKeptMessage(saved.reason));
    } catch (problem) {
      setError(
        problem instanceof NotAnImageError
          ? `"${file.name}" is not a picture this browser can open, so it was not added.`
          : 'The photo could not be prepared, so it was not added.',
      );
    } finally {
      setAdding(false);
      resetFileInput.current?.();
    }
  };

  const resetAll = () => {
    const cleared = clearHotspots();
    setConfirmingReset(false);
    if (cleared.ok) {
      setHotspots([]);
      setError(null);
    } else {
      setError('The photos could not be removed: this browser does not let FieldBid change its storage.');
    }
  };

  return (
    <Stack gap="md">
      <div>
        <ScreenTitle>Panorama demo</ScreenTitle>
        <Text>
          Look around the room, point the centre mark at a spot and add a photo from your device there. The
          photos stay in this browser only.
        </Text>
      </div>

      <SphereViewer
        imageUrl={PANORAMA_DEMO_IMAGE_PATH}
        label="360° view of the demo room"
        hotspots={hotspots.map((hotspot, index) => ({
          id: hotspot.id,
          pitch: hotspot.pitch,
          yaw: hotspot.yaw,
          label: photoName(index),
        }))}
        onHotspotClick={showPhoto}
        onViewChange={(view) => {
          centre.current = view;
        }}
      />

      <Group gap="sm">
        <FileButton onChange={addPhoto} accept="image/*" resetRef={resetFileInput}>
          {(props) => (
            <Button {...props} leftSection={<IconCameraPlus size={18} aria-hidden />} loading={adding}>
              Add photo here
            </Button>
          )}
        </FileButton>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setConfirmingReset(true)}
          disabled={hotspots.length === 0}
        >
          Reset All Photos
        </Button>
      </Group>

      {error && <ErrorAlert>{error}</ErrorAlert>}

      <section aria-labelledby="placed-photos-title">
        <Title order={2} fz="h4" id="placed-photos-title" mb="xs">
          Placed photos
        </Title>
        {hotspots.length === 0 ? (
          <Text c="dimmed">No photos placed yet.</Text>
        ) : (
          <List spacing={4} listStyleType="none" p={0}>
            {hotspots.map((hotspot, index) => (
              <List.Item key={hotspot.id}>
                <UnstyledButton
                  onClick={() => showPhoto(hotspot.id)}
                  c="blue.8"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                >
                  <IconPhoto size={16} aria-hidden />
                  {photoName(index)}{' '}
                  <Text span c="dimmed" size="sm">
                    ({describeAngles(hotspot)})
                  </Text>
                </UnstyledButton>
              </List.Item>
            ))}
          </List>
        )}
      </section>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={photoOpened && open !== null}
        onClose={() => setPhotoOpened(false)}
        title={open ? photoName(openIndex) : ''}
        size="lg"
      >
        {open && (
          <Stack gap="xs">
            <Image
              src={open.photoUrl}
              alt={`${photoName(openIndex)}, placed at ${describeAngles(open)}`}
              radius="sm"
            />
            <Text size="sm" c="dimmed">
              Placed at {describeAngles(open)}.
            </Text>
          </Stack>
        )}
      </Modal>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirmingReset}
        onClose={() => setConfirmingReset(false)}
        title="Reset all photos?"
      >
        <Text mb="md">
          This removes {hotspots.length === 1 ? 'the photo' : `all ${hotspots.length} photos`} placed on the
          panorama in this browser. It cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingReset(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={resetAll}>
            Remove all photos
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
