import { useCallback, useEffect, useRef, useState } from 'react';
import { fitTransform, panBy, type Size, type ViewTransform, ZOOM_STEP, zoomAt } from './viewer-transform.ts';

export interface StageView {
  view: ViewTransform;
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
  zoomAround: (factor: number, anchor: { x: number; y: number }) => void;
  pan: (dx: number, dy: number) => void;
}

/**
 * The plan's zoom and pan for a stage of `stage` size. The plan fits the stage until the user
 * zooms or pans; after that a resize leaves their view alone. A new layout (`layoutKey`) fits again.
 */
export function useStageView(stage: Size, image: Size, layoutKey: number | null): StageView {
  const [view, setView] = useState<ViewTransform>(() => fitTransform(stage, image));
  const moved = useRef(false);
  const { width: stageWidth, height: stageHeight } = stage;
  const { width: imageWidth, height: imageHeight } = image;

  const fittedLayout = useRef(layoutKey);

  useEffect(() => {
    if (fittedLayout.current !== layoutKey) {
      fittedLayout.current = layoutKey;
      moved.current = false;
    }
    if (moved.current) return;
    setView(
      fitTransform({ width: stageWidth, height: stageHeight }, { width: imageWidth, height: imageHeight }),
    );
  }, [stageWidth, stageHeight, imageWidth, imageHeight, layoutKey]);

  const zoomAround = useCallback(
    (factor: number, anchor: { x: number; y: number }) => {
      moved.current = true;
      setView((current) =>
        zoomAt(
          current,
          factor,
          anchor,
          { width: stageWidth, height: stageHeight },
          { width: imageWidth, height: imageHeight },
        ),
      );
    },
    [stageWidth, stageHeight, imageWidth, imageHeight],
  );

  const pan = useCallback(
    (dx: number, dy: number) => {
      moved.current = true;
      setView((current) =>
        panBy(
          current,
          dx,
          dy,
          { width: stageWidth, height: stageHeight },
          { width: imageWidth, height: imageHeight },
        ),
      );
    },
    [stageWidth, stageHeight, imageWidth, imageHeight],
  );

  const centre = { x: stageWidth / 2, y: stageHeight / 2 };
  return {
    view,
    zoomAround,
    pan,
    zoomIn: () => zoomAround(ZOOM_STEP, centre),
    zoomOut: () => zoomAround(1 / ZOOM_STEP, centre),
    reset: () => {
      moved.current = false;
      setView(
        fitTransform({ width: stageWidth, height: stageHeight }, { width: imageWidth, height: imageHeight }),
      );
    },
  };
}
