import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** What the form asks of the signature: its PNG, or null while the box is empty. */
export interface SignatureHandle {
  toPng(): string | null;
}

/**
 * The owner's drawn signature: a canvas sized for a finger (full width, 180 px tall), drawn with
 * pointer events so a mouse, pen or finger signs; Clear empties it. The canvas is sized to the
 * screen's pixels so the strokes are sharp, and sized again when its width changes (a phone turned).
 */
export function SignatureField({
  ref,
  error,
  onDrawn,
}: {
  ref: React.Ref<SignatureHandle>;
  error: string | null;
  onDrawn: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#1a1b1e', minWidth: 1, maxWidth: 2.5 });
    pad.current = signature;
    const fitToBox = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = element.offsetWidth * ratio;
      if (width === element.width) return;
      // A resize clears the canvas: the strokes are kept and drawn again at the new scale.
      const strokes = signature.toData();
      element.width = width;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.fromData(strokes);
    };
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(element);
    const ended = () => drawn.current();
    signature.addEventListener('endStroke', ended);
    return () => {
      observer.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toPng: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null),
  }));

  return (
    <Input.Wrapper
      label="Your signature"
      description="Sign in the box with your finger or mouse."
      required
      error={error}
      id="owner-signature"
    >
      <Box
        mt={6}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <canvas
          ref={canvas}
          id="owner-signature"
          aria-label="Signature box: draw your signature"
          role="img"
          data-testid="signature-canvas"
          style={{ display: 'block', width: '100%', height: 180, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
          Your signature is kept with your approval.
        </Text>
        <Button
          variant="subtle"
          size="sm"
          mih={44}
          style={{ flexShrink: 0 }}
          onClick={() => {
            pad.current?.clear();
          }}
        >
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
