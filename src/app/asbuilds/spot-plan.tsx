import { useEffect } from 'react';
import type { RequestSpot } from '#shared/request-spot.ts';
import { spotViewerLayout } from './spot-layout.ts';
import { SpotStage } from './spot-stage.tsx';
import { useInteractiveViewer } from './use-interactive-viewer.ts';

/**
 * A request's spot (and area) on its floor plan, read-only: the viewer in view mode, with
 * the nearest in-wall 360-degree photos as its red pins. Choosing a pin calls `onPhoto`.
 */
export function SpotPlan({ spot, onPhoto }: { spot: RequestSpot; onPhoto: (photoId: number) => void }) {
  const { hostRef, viewer, load } = useInteractiveViewer({ onPin: (pin) => onPhoto(pin.id) });
  useEffect(() => {
    viewer?.setMode('view');
    viewer?.setLayout(spotViewerLayout(spot, { pins: true }));
  }, [viewer, spot]);
  return <SpotStage hostRef={hostRef} load={load} />;
}
