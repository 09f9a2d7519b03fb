import { emptyDrawing } from './drawing-state.ts';
import type { ViewerState } from './viewer-api.ts';

/** A viewer before its first layout; also what a page shows until the viewer's scripts have loaded. */
export const initialViewerState: ViewerState = {
  layoutId: null,
  mode: 'view',
  drawing: emptyDrawing,
  selection: { kind: 'current' },
  selectedPinId: null,
  imageState: 'loading',
};
