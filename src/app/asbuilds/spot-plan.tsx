import { useEffect } from 'react';
import type { RequestSpot } from '#shared/request-spot.ts';
import { SpotStage } from './spot-stage.tsx';
import { useInteractiveViewer } from './use-interactive-viewer.ts';

/**
 * A request's spot (and area) on its floor plan, read-only (issue 20): the viewer in view mode, with
 * the nearest in-wall 360-degree photos as its red pins. Choosing a pin calls `onPhoto`.
 */
export function SpotPlan({ spot, onPhoto }: { spot: RequestSpot; onPhoto: (photoId: number) => void }) {
  const { hostRef, viewer, load } = useInteractiveViewer({ onPin: (pin) => onPhoto(pin.id) });
  useEffect(() => {
    viewer?.setMode('view');
    viewer?.setLayout({
      id: spot.layout.id,
      name: spot.layout.name,
      url: spot.layout.url,
      width_px: spot.layout.width_px,
      height_px: spot.layout.height_px,
      pins: spot.behind_wall.map((photo) => ({
        id: photo.id,
        x: photo.x,
        y: photo.y,
        label: `Open 360° photo: ${photo.caption || `photo ${photo.id}`}`,
        caption: photo.caption,
      })),
      polygons: [],
      spot: { x: spot.x, y: spot.y, area: spot.area },
    });
  }, [viewer, spot]);
  return <SpotStage hostRef={hostRef} load={load} />;
}
