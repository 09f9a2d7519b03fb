import type { PointView } from '#shared/documentation.ts';
import { type DrawingAction, type DrawingState, drawingReducer, emptyDrawing } from './drawing-state.ts';
import { attachStageGestures } from './stage-gestures.ts';
import { stageKeyAction } from './stage-keys.ts';
import { createStageRenderer } from './stage-renderer.ts';
import { createStageView } from './stage-view.ts';
import type {
  InteractiveViewer,
  ViewerLayout,
  ViewerMode,
  ViewerOptions,
  ViewerState,
} from './viewer-api.ts';
import { initialViewerState } from './viewer-state.ts';
import { toImagePoint } from './viewer-transform.ts';

/**
 * The as-builds viewer's core, without a framework: the plan stage inside `host` (zoom and pan by
 * pointer, wheel, pinch and keys), the red pins, and measure mode's polygons (one drawing per
 * layout, so switching layouts keeps what was measured on each). The page owns the data: it hands
 * in the layout with `setLayout` and reads the snapshot with `getState` and `subscribe`.
 */
export function createViewer(host: HTMLElement, options: ViewerOptions = {}): InteractiveViewer {
  let layout: ViewerLayout | null = null;
  let state = initialViewerState;
  const drawings = new Map<number, DrawingState>();
  const listeners = new Set<() => void>();

  const render = () =>
    renderer.render({
      layout,
      view: stage.view,
      mode: state.mode,
      drawing: state.drawing,
      selection: state.selection,
      selectedPinId: state.selectedPinId,
      imageState: state.imageState,
    });
  const update = (changes: Partial<ViewerState>) => {
    state = { ...state, ...changes };
    render();
    for (const listener of listeners) listener();
  };
  const dispatch = (action: DrawingAction) => {
    if (!layout) return;
    const drawing = drawingReducer(state.drawing, action);
    drawings.set(layout.id, drawing);
    update({ drawing });
  };

  const stage = createStageView(() => render());
  const renderer = createStageRenderer(host, {
    controls: options.controls ?? false,
    onPin(pin) {
      update({ selectedPinId: pin.id });
      options.onPin?.(pin);
    },
    onControl(control) {
      if (control === 'zoom-in') stage.zoomIn();
      else if (control === 'zoom-out') stage.zoomOut();
      else stage.reset();
    },
    onImage: (imageState) => update({ imageState }),
  });

  const clickAt = (stagePoint: { x: number; y: number }) => {
    if (!layout || state.mode === 'view') return;
    const point: PointView | null = toImagePoint(stage.view, stagePoint, {
      width: layout.width_px,
      height: layout.height_px,
    });
    if (!point) return;
    if (state.mode === 'measure') {
      dispatch({ type: 'add-point', point });
      if (state.selection.kind !== 'current') update({ selection: { kind: 'current' } });
    } else options.onPlace?.(point);
  };

  const detachGestures = attachStageGestures(renderer.root, {
    zoomAround: stage.zoomAround,
    pan: stage.pan,
    click: clickAt,
  });
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys on a pin or a zoom button are that button's own (Space and Enter press it).
    if (event.target !== renderer.root) return;
    const action = stageKeyAction(event.key, state.mode);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'pan') stage.pan(action.dx, action.dy);
    else if (action.type === 'zoom-in') stage.zoomIn();
    else if (action.type === 'zoom-out') stage.zoomOut();
    else if (action.type === 'reset') stage.reset();
    else if (action.type === 'click-centre') clickAt({ x: stage.stage.width / 2, y: stage.stage.height / 2 });
    else dispatch({ type: action.type });
  };
  renderer.root.addEventListener('keydown', onKeyDown);

  const resize = new ResizeObserver(() =>
    stage.setStageSize({ width: renderer.root.clientWidth, height: renderer.root.clientHeight }),
  );
  resize.observe(renderer.root);
  render();

  return {
    setLayout(next) {
      const previous = layout;
      layout = next;
      stage.setImage({ width: next?.width_px ?? 0, height: next?.height_px ?? 0 }, next?.id ?? null);
      if (next?.id !== previous?.id) {
        update({
          layoutId: next?.id ?? null,
          drawing: (next && drawings.get(next.id)) || emptyDrawing,
          selection: { kind: 'current' },
          selectedPinId: null,
          imageState: 'loading',
        });
      } else if (next?.url !== previous?.url) update({ imageState: 'loading' });
      else render();
    },
    setMode(mode: ViewerMode) {
      if (mode !== state.mode) update({ mode });
    },
    zoomIn: stage.zoomIn,
    zoomOut: stage.zoomOut,
    reset: stage.reset,
    newPolygon() {
      dispatch({ type: 'new-polygon' });
      update({ selection: { kind: 'current' }, mode: 'measure' });
    },
    closePolygon() {
      dispatch({ type: 'close' });
      update({ selection: { kind: 'current' } });
    },
    clearCurrent: () => dispatch({ type: 'clear-current' }),
    removeDraft: (key) => dispatch({ type: 'remove-draft', key }),
    select: (selection) => update({ selection }),
    selectPin(pinId) {
      if (pinId !== state.selectedPinId) update({ selectedPinId: pinId });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      listeners.clear();
      resize.disconnect();
      detachGestures();
      renderer.root.removeEventListener('keydown', onKeyDown);
      renderer.destroy();
    },
  };
}
