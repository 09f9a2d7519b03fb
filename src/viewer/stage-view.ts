import { fitTransform, panBy, type Size, type ViewTransform, ZOOM_STEP, zoomAt } from './viewer-transform.ts';

export interface StageView {
  readonly view: ViewTransform;
  readonly stage: Size;
  setStageSize(size: Size): void;
  /** A new plan (another `key`) fits again; the same plan at another size fits unless moved. */
  setImage(size: Size, key: number | null): void;
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
  zoomAround(factor: number, anchor: { x: number; y: number }): void;
  pan(dx: number, dy: number): void;
}

/**
 * The plan's zoom and pan. The plan fits the stage until the user zooms or pans; after that a
 * resize leaves their view alone. `onChange` runs after every change of `view`.
 */
export function createStageView(onChange: () => void): StageView {
  let stage: Size = { width: 0, height: 0 };
  let image: Size = { width: 0, height: 0 };
  let key: number | null = null;
  let moved = false;
  let view = fitTransform(stage, image);

  const set = (next: ViewTransform) => {
    view = next;
    onChange();
  };
  const fitWhole = () => set(fitTransform(stage, image));
  const zoomAround = (factor: number, anchor: { x: number; y: number }) => {
    moved = true;
    set(zoomAt(view, factor, anchor, stage, image));
  };
  const centre = () => ({ x: stage.width / 2, y: stage.height / 2 });

  return {
    get view() {
      return view;
    },
    get stage() {
      return stage;
    },
    setStageSize(size) {
      if (size.width === stage.width && size.height === stage.height) return;
      stage = size;
      if (!moved) fitWhole();
    },
    setImage(size, nextKey) {
      if (nextKey !== key) {
        key = nextKey;
        moved = false;
      }
      image = size;
      if (!moved) fitWhole();
    },
    zoomAround,
    zoomIn: () => zoomAround(ZOOM_STEP, centre()),
    zoomOut: () => zoomAround(1 / ZOOM_STEP, centre()),
    reset() {
      moved = false;
      fitWhole();
    },
    pan(dx, dy) {
      moved = true;
      set(panBy(view, dx, dy, stage, image));
    },
  };
}
