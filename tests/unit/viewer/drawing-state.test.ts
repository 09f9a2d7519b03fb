import { describe, expect, it } from 'vitest';
import { type DrawingAction, drawingReducer, emptyDrawing } from '#viewer/drawing-state.ts';

const run = (...actions: DrawingAction[]) => actions.reduce(drawingReducer, emptyDrawing);
const at = (x: number, y: number): DrawingAction => ({ type: 'add-point', point: { x, y } });

describe('measure mode drawing', () => {
  it('closes only an outline of three points or more', () => {
    expect(run(at(0, 0), at(1, 0), { type: 'close' }).closed).toBe(false);
    expect(run(at(0, 0), at(1, 0), at(1, 1), { type: 'close' }).closed).toBe(true);
  });

  it('sets a polygon aside as a draft on New Polygon and starts empty', () => {
    const state = run(at(0, 0), at(1, 0), at(1, 1), { type: 'new-polygon' });
    expect(state.current).toEqual([]);
    expect(state.drafts).toEqual([
      {
        key: 1,
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
        ],
      },
    ]);
  });

  it('starts the next polygon on a click after closing, keeping the closed one', () => {
    const state = run(at(0, 0), at(1, 0), at(1, 1), { type: 'close' }, at(5, 5));
    expect(state.drafts).toHaveLength(1);
    expect(state.current).toEqual([{ x: 5, y: 5 }]);
    expect(state.closed).toBe(false);
  });

  it('undoes the last point, or reopens a closed outline', () => {
    expect(run(at(0, 0), at(1, 0), { type: 'undo-point' }).current).toEqual([{ x: 0, y: 0 }]);
    const reopened = run(at(0, 0), at(1, 0), at(1, 1), { type: 'close' }, { type: 'undo-point' });
    expect(reopened.closed).toBe(false);
    expect(reopened.current).toHaveLength(3);
  });

  it('clears the current outline and removes a draft by key', () => {
    const state = run(at(0, 0), at(1, 0), at(1, 1), { type: 'new-polygon' }, at(2, 2), {
      type: 'clear-current',
    });
    expect(state.current).toEqual([]);
    expect(drawingReducer(state, { type: 'remove-draft', key: 1 }).drafts).toEqual([]);
  });
});
