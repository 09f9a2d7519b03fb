import { Image, Modal, UnstyledButton } from '@mantine/core';

/**
 * A picture shown over the whole screen (signed-in spec, section 2: clicking the image opens a
 * fullscreen overlay, clicking the overlay closes it); Escape closes it too.
 */
export function ImageOverlay({
  src,
  alt,
  onClose,
}: {
  src: string | null;
  alt: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={src !== null}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding={0}
      title={null}
      aria-label={alt}
      styles={{ content: { background: 'rgba(0, 0, 0, 0.92)' }, body: { height: '100%' } }}
    >
      <UnstyledButton
        onClick={onClose}
        w="100%"
        h="100dvh"
        display="flex"
        style={{ alignItems: 'center', justifyContent: 'center', cursor: 'zoom-out' }}
        aria-label="Close the picture"
        data-autofocus
      >
        {src ? <Image src={src} alt={alt} fit="contain" mah="100dvh" maw="100vw" /> : null}
      </UnstyledButton>
    </Modal>
  );
}
