import { Loader, Text } from '@mantine/core';
import { type KeyboardEvent, type Ref, type RefObject, useState } from 'react';
import type { DocumentationPhotoView, LayoutView, PointView } from '#shared/documentation.ts';
import classes from './asbuilds.module.css';
import type { DrawingState } from './drawing-state.ts';
import { type PolygonSelection, sameSelection } from './polygon-selection.ts';
import { useStageGestures } from './use-stage-gestures.ts';
import type { StageView } from './use-stage-view.ts';
import { toImagePoint, toStagePoint } from './viewer-transform.ts';

/** view: pan and click photos; measure: clicks add polygon points; place: a click sets a new photo's spot. */
export type ViewerMode = 'view' | 'measure' | 'place';

const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [40, 0],
  ArrowRight: [-40, 0],
  ArrowUp: [0, 40],
  ArrowDown: [0, -40],
};

const pointsAttribute = (points: readonly PointView[]) =>
  points.map((point) => `${point.x},${point.y}`).join(' ');

/**
 * The floor plan with its red photo buttons and the measured polygons, zoomed and panned by
 * `stage`. In measure mode a click (or Space at the crosshair) adds a point to the current polygon.
 */
export function LayoutStage({
  layout,
  stage,
  stageRef,
  stageElement,
  stageSize,
  mode,
  drawing,
  selection,
  selectedPhotoId,
  onAddPoint,
  onUndoPoint,
  onClose,
  onPinClick,
  onPlace,
}: {
  layout: LayoutView;
  stage: StageView;
  /** The stage element's ref (size observer and element together). */
  stageRef: Ref<HTMLDivElement>;
  stageElement: RefObject<HTMLDivElement | null>;
  stageSize: { width: number; height: number };
  mode: ViewerMode;
  drawing: DrawingState;
  selection: PolygonSelection;
  selectedPhotoId: number | null;
  onAddPoint: (point: PointView) => void;
  onUndoPoint: () => void;
  onClose: () => void;
  onPinClick: (photo: DocumentationPhotoView) => void;
  /** Place mode: the spot for a new photo, in image pixels. */
  onPlace: (point: PointView) => void;
}) {
  const image = { width: layout.width_px, height: layout.height_px };
  const [imageState, setImageState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadedUrl, setLoadedUrl] = useState(layout.url);
  if (loadedUrl !== layout.url) {
    setLoadedUrl(layout.url);
    setImageState('loading');
  }
  const { view } = stage;

  const addAt = (stagePoint: { x: number; y: number }) => {
    if (mode === 'view') return;
    const point = toImagePoint(view, stagePoint, image);
    if (!point) return;
    if (mode === 'measure') onAddPoint(point);
    else onPlace(point);
  };
  const gestures = useStageGestures(stageElement, stage, addAt);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pan = PAN_KEYS[event.key];
    if (pan) stage.pan(pan[0], pan[1]);
    else if (event.key === '+' || event.key === '=') stage.zoomIn();
    else if (event.key === '-') stage.zoomOut();
    else if (event.key === '0') stage.reset();
    else if (mode !== 'view' && event.key === ' ') addAt({ x: stageSize.width / 2, y: stageSize.height / 2 });
    else if (mode === 'measure' && event.key === 'Backspace') onUndoPoint();
    else if (mode === 'measure' && event.key === 'Enter') onClose();
    else return;
    event.preventDefault();
  };

  const strokeFor = (candidate: PolygonSelection) =>
    sameSelection(candidate, selection) ? classes.polygonSelected : undefined;
  const vertexRadius = 4 / view.scale;

  return (
    <div
      ref={stageRef}
      className={classes.stage}
      data-mode={mode}
      role="application"
      aria-roledescription="floor plan"
      aria-label={`${layout.name} floor plan. Arrow keys pan, plus and minus zoom, 0 resets.${
        mode === 'measure'
          ? ' Space adds a point at the crosshair, Backspace removes the last, Enter closes the polygon.'
          : ''
      }`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the plan is a keyboard-operated application region
      tabIndex={0}
      onKeyDown={onKeyDown}
      {...gestures}
    >
      <svg className={classes.plan} width="100%" height="100%" aria-hidden="true">
        <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
          <image
            href={layout.url}
            width={layout.width_px}
            height={layout.height_px}
            onLoad={() => setImageState('ready')}
            onError={() => setImageState('failed')}
          />
          {layout.polygons.map((polygon) => (
            <polygon
              key={`saved-${polygon.id}`}
              points={pointsAttribute(polygon.points)}
              className={`${classes.polygonSaved} ${strokeFor({ kind: 'saved', id: polygon.id }) ?? ''}`}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {drawing.drafts.map((draft) => (
            <polygon
              key={`draft-${draft.key}`}
              points={pointsAttribute(draft.points)}
              className={`${classes.polygonDraft} ${strokeFor({ kind: 'draft', key: draft.key }) ?? ''}`}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {drawing.closed ? (
            <polygon
              points={pointsAttribute(drawing.current)}
              className={`${classes.polygonCurrent} ${strokeFor({ kind: 'current' }) ?? ''}`}
              vectorEffect="non-scaling-stroke"
            />
          ) : (
            <polyline
              points={pointsAttribute(drawing.current)}
              className={classes.polylineCurrent}
              vectorEffect="non-scaling-stroke"
            />
          )}
          {drawing.current.map((point, index) => (
            <circle
              // Points may repeat; their order is their identity while drawing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              cx={point.x}
              cy={point.y}
              r={vertexRadius}
              className={classes.vertex}
            />
          ))}
        </g>
      </svg>
      {mode !== 'view' && <span className={classes.crosshair} aria-hidden="true" />}
      {imageState === 'ready' &&
        layout.photos.map((photo) => {
          if (photo.x === null || photo.y === null) return null;
          const at = toStagePoint(view, { x: photo.x * layout.width_px, y: photo.y * layout.height_px });
          return (
            <button
              key={photo.id}
              type="button"
              className={classes.pin}
              data-selected={photo.id === selectedPhotoId || undefined}
              style={{ left: at.x, top: at.y }}
              aria-label={`Show photo: ${photo.caption || `photo ${photo.id}`}`}
              title={photo.caption}
              onPointerDown={(event) => event.stopPropagation()}
              onPointerUp={(event) => event.stopPropagation()}
              onClick={() => onPinClick(photo)}
            />
          );
        })}
      {imageState === 'loading' && (
        <div className={classes.stageMessage} role="status">
          <Loader size="sm" aria-label="Loading the layout image" />
        </div>
      )}
      {imageState === 'failed' && (
        <div className={classes.stageMessage} role="alert">
          <Text size="sm">
            The layout image could not be loaded. Check the connection and choose the layout again.
          </Text>
        </div>
      )}
    </div>
  );
}
