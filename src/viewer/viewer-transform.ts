/**
 * Zoom and pan of the floor plan as one affine step: screen = offset + image * scale, in CSS
 * pixels of the stage. Pure, so the math is tested apart from pointer events.
 */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const ZOOM_STEP = 1.25;
/** How far past "fit" one may zoom in: enough to click a wall corner on a 1200 px plan. */
const MAX_ZOOM_OVER_FIT = 12;

/** The plan whole and centred in the stage: the start and what Reset returns to. */
export function fitTransform(stage: Size, image: Size): ViewTransform {
  if (stage.width <= 0 || stage.height <= 0 || image.width <= 0 || image.height <= 0) {
    return { scale: 1, x: 0, y: 0 };
  }
  const scale = Math.min(stage.width / image.width, stage.height / image.height);
  return {
    scale,
    x: (stage.width - image.width * scale) / 2,
    y: (stage.height - image.height * scale) / 2,
  };
}

function scaleBounds(stage: Size, image: Size): { min: number; max: number } {
  const fit = fitTransform(stage, image).scale;
  return { min: fit / 2, max: fit * MAX_ZOOM_OVER_FIT };
}

/** Zoom by `factor` keeping the image point under `anchor` (stage pixels) where it is. */
export function zoomAt(
  view: ViewTransform,
  factor: number,
  anchor: { x: number; y: number },
  stage: Size,
  image: Size,
): ViewTransform {
  const { min, max } = scaleBounds(stage, image);
  const scale = Math.min(max, Math.max(min, view.scale * factor));
  const applied = scale / view.scale;
  return {
    scale,
    x: anchor.x - (anchor.x - view.x) * applied,
    y: anchor.y - (anchor.y - view.y) * applied,
  };
}

/**
 * Move by (dx, dy), keeping at least a quarter of the stage covered by the plan so it can't be
 * flung out of sight.
 */
export function panBy(view: ViewTransform, dx: number, dy: number, stage: Size, image: Size): ViewTransform {
  const width = image.width * view.scale;
  const height = image.height * view.scale;
  const keepX = Math.min(width, stage.width) / 4;
  const keepY = Math.min(height, stage.height) / 4;
  return {
    scale: view.scale,
    x: Math.min(stage.width - keepX, Math.max(keepX - width, view.x + dx)),
    y: Math.min(stage.height - keepY, Math.max(keepY - height, view.y + dy)),
  };
}

/** The image pixel under a stage point, or null off the plan. */
export function toImagePoint(
  view: ViewTransform,
  stagePoint: { x: number; y: number },
  image: Size,
): { x: number; y: number } | null {
  const x = (stagePoint.x - view.x) / view.scale;
  const y = (stagePoint.y - view.y) / view.scale;
  if (x < 0 || y < 0 || x > image.width || y > image.height) return null;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

export function toStagePoint(
  view: ViewTransform,
  imagePoint: { x: number; y: number },
): { x: number; y: number } {
  return { x: view.x + imagePoint.x * view.scale, y: view.y + imagePoint.y * view.scale };
}
