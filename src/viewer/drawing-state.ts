import type { PointView } from '#shared/documentation.ts';

/*
 * The measure mode's polygons on one layout: the one being drawn ("current"), and the ones set
 * aside with New Polygon ("drafts") until they are kept on the server or removed. Nothing the user
 * drew disappears except through Clear Current or Remove, which say so on their buttons.
 */

export interface DraftPolygon {
  key: number;
  points: PointView[];
}

export interface DrawingState {
  current: PointView[];
  closed: boolean;
  drafts: DraftPolygon[];
  nextKey: number;
}

export type DrawingAction =
  | { type: 'add-point'; point: PointView }
  | { type: 'undo-point' }
  | { type: 'close' }
  | { type: 'new-polygon' }
  | { type: 'clear-current' }
  | { type: 'remove-draft'; key: number };

export const emptyDrawing: DrawingState = { current: [], closed: false, drafts: [], nextKey: 1 };

export const canClose = (state: DrawingState) => !state.closed && state.current.length >= 3;

/** Sets the current outline aside as a draft when it is a polygon (three points or more). */
function setAside(state: DrawingState): DrawingState {
  if (state.current.length < 3) return { ...state, current: [], closed: false };
  return {
    current: [],
    closed: false,
    drafts: [...state.drafts, { key: state.nextKey, points: state.current }],
    nextKey: state.nextKey + 1,
  };
}

export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  switch (action.type) {
    case 'add-point': {
      // A click after Close Polygon starts the next one rather than being ignored.
      const base = state.closed ? setAside(state) : state;
      return { ...base, current: [...base.current, action.point] };
    }
    case 'undo-point':
      if (state.closed) return { ...state, closed: false };
      return { ...state, current: state.current.slice(0, -1) };
    case 'close':
      return canClose(state) ? { ...state, closed: true } : state;
    case 'new-polygon':
      return setAside(state);
    case 'clear-current':
      return { ...state, current: [], closed: false };
    case 'remove-draft':
      return { ...state, drafts: state.drafts.filter((draft) => draft.key !== action.key) };
  }
}
