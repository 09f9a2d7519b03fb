import { ActionIcon, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMinus, IconPhoto, IconPlus } from '@tabler/icons-react';
import {
  Component,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { FlatPanorama } from './flat-panorama.tsx';
import {
  type Angles,
  DEFAULT_VIEW,
  describeAngles,
  dragView,
  MAX_FOV,
  MIN_FOV,
  normalizeView,
  projectToViewport,
  type SphereHotspot,
  type View,
  viewAfterKey,
  zoomView,
} from './sphere-math.ts';
import { SphereScene } from './sphere-scene.tsx';
import { webglAvailable } from './webgl-support.ts';

export interface SphereViewerProps {
  /** An equirectangular (2:1) picture. */
  imageUrl: string;
  /** What the picture shows, for screen readers: "360° view of the demo room". */
  label: string;
  hotspots: readonly SphereHotspot[];
  onHotspotClick: (id: number) => void;
  /** Called with the centre of the view whenever it changes (and once at the start). */
  onViewChange?: (centre: Angles) => void;
  initialView?: Partial<View>;
  /** CSS height of the viewer; the width is always the container's. */
  height?: string;
}

const BUTTON_ZOOM_FACTOR = 0.8;
/** The zoom buttons are a finger's size (44 px): on a phone they are the easiest way to zoom. */
const FINGER = 44;

class SceneErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A 360° picture to look around in: drag (mouse or touch), wheel or pinch or the +/- buttons to
 * zoom, arrow keys and +/- when focused. Hotspots are HTML buttons placed over the canvas, so they
 * are reachable by keyboard and named for screen readers. Without WebGL it shows the flat picture.
 */
export function SphereViewer(props: SphereViewerProps) {
  const [webgl] = useState(webglAvailable);
  const fallback = (
    <FlatPanorama
      imageUrl={props.imageUrl}
      label={props.label}
      hotspots={props.hotspots}
      onHotspotClick={props.onHotspotClick}
    />
  );
  if (!webgl) return fallback;
  // A new picture starts afresh: its own view, loading state and error state.
  return (
    <SceneErrorBoundary key={props.imageUrl} fallback={fallback}>
      <InteractiveSphere {...props} />
    </SceneErrorBoundary>
  );
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function InteractiveSphere({
  imageUrl,
  label,
  hotspots,
  onHotspotClick,
  onViewChange,
  initialView,
  height = 'clamp(260px, 60vh, 560px)',
}: SphereViewerProps) {
  const [view, setView] = useState<View>(() => normalizeView({ ...DEFAULT_VIEW, ...initialView }));
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  const regionRef = useRef<HTMLDivElement>(null);
  const [{ width, height: pixelHeight }, setSize] = useState({ width: 0, height: 0 });
  const helpId = useId();
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; fov: number } | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;

  useEffect(() => {
    onViewChangeRef.current?.({ pitch: view.pitch, yaw: view.yaw });
  }, [view.pitch, view.yaw]);

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    // The hotspots are placed in pixels, so they follow the viewer's size.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(region);
    // React's wheel listener is passive, so the page would scroll while zooming; this one is not.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((current) => zoomView(current, Math.exp(event.deltaY * 0.001)));
    };
    region.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      region.removeEventListener('wheel', onWheel);
    };
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Hotspots and zoom buttons keep their own clicks.
    if ((event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: distance(a!, b!), fov: viewRef.current.fov };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const position = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, position);
    if (pointers.current.size === 1) {
      setView((current) =>
        dragView(current, position.x - previous.x, position.y - previous.y, pixelHeight || 1),
      );
    } else if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()];
      const start = pinch.current;
      const now = Math.max(distance(a!, b!), 1);
      setView((current) => normalizeView({ ...current, fov: (start.fov * start.distance) / now }));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = viewAfterKey(viewRef.current, event.key);
    if (!next) return;
    event.preventDefault();
    setView(next);
  };

  return (
    <Stack gap={4}>
      <Box
        ref={regionRef}
        role="application"
        aria-roledescription="360° viewer"
        aria-label={label}
        aria-describedby={helpId}
        aria-busy={!ready}
        data-ready={ready}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
        pos="relative"
        bg="dark.7"
        style={{
          height,
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-md)',
          touchAction: 'none',
          cursor: 'grab',
          userSelect: 'none',
        }}
      >
        <SphereScene url={imageUrl} view={view} onReady={markReady} />
        {!ready && (
          <Loader
            color="gray.0"
            aria-label="Loading the 360° view"
            style={{ position: 'absolute', left: '50%', top: '50%', translate: '-50% -50%' }}
          />
        )}
        {/* The centre mark: "Add photo here" places a photo where it points. */}
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: 18,
            height: 18,
            translate: '-50% -50%',
            border: '2px solid rgba(255, 255, 255, 0.9)',
            borderRadius: '50%',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.45)',
            pointerEvents: 'none',
          }}
        />
        {ready &&
          hotspots.map((hotspot) => {
            const at = projectToViewport(hotspot, view, width, pixelHeight);
            if (!at) return null;
            return (
              <ActionIcon
                key={hotspot.id}
                variant="filled"
                radius="xl"
                size="lg"
                aria-label={hotspot.label}
                title={hotspot.label}
                onClick={() => onHotspotClick(hotspot.id)}
                style={{
                  position: 'absolute',
                  left: at.x,
                  top: at.y,
                  translate: '-50% -50%',
                  boxShadow: '0 0 0 2px white',
                }}
              >
                <IconPhoto size={18} aria-hidden />
              </ActionIcon>
            );
          })}
        <Group gap={6} style={{ position: 'absolute', right: 8, bottom: 8 }}>
          <ActionIcon
            variant="white"
            color="dark"
            size={FINGER}
            aria-label="Zoom in"
            disabled={view.fov <= MIN_FOV}
            onClick={() => setView((current) => zoomView(current, BUTTON_ZOOM_FACTOR))}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="white"
            color="dark"
            size={FINGER}
            aria-label="Zoom out"
            disabled={view.fov >= MAX_FOV}
            onClick={() => setView((current) => zoomView(current, 1 / BUTTON_ZOOM_FACTOR))}
          >
            <IconMinus size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Box>
      <Text id={helpId} size="xs" c="dimmed">
        Drag to look around; wheel, pinch or + and − to zoom. When the view is focused, the arrow keys turn
        it. Centre: {describeAngles(view)}.
      </Text>
    </Stack>
  );
}
