import { describe, expect, it } from 'vitest';
import { stageKeyAction } from '#viewer/stage-keys.ts';

describe('keys on the focused plan', () => {
  it('pan, zoom and reset in every mode', () => {
    for (const mode of ['view', 'measure', 'place'] as const) {
      expect(stageKeyAction('ArrowLeft', mode)).toEqual({ type: 'pan', dx: 40, dy: 0 });
      expect(stageKeyAction('ArrowDown', mode)).toEqual({ type: 'pan', dx: 0, dy: -40 });
      expect(stageKeyAction('=', mode)).toEqual({ type: 'zoom-in' });
      expect(stageKeyAction('-', mode)).toEqual({ type: 'zoom-out' });
      expect(stageKeyAction('0', mode)).toEqual({ type: 'reset' });
    }
  });

  it('leave Space, Backspace and Enter to the page in view mode', () => {
    expect(stageKeyAction(' ', 'view')).toBeNull();
    expect(stageKeyAction('Backspace', 'view')).toBeNull();
    expect(stageKeyAction('Enter', 'view')).toBeNull();
    expect(stageKeyAction(' ', 'place')).toEqual({ type: 'click-centre' });
    expect(stageKeyAction('Enter', 'place')).toBeNull();
  });

  it('measure with Space, undo with Backspace and close with Enter in measure mode', () => {
    expect(stageKeyAction(' ', 'measure')).toEqual({ type: 'click-centre' });
    expect(stageKeyAction('Backspace', 'measure')).toEqual({ type: 'undo-point' });
    expect(stageKeyAction('Enter', 'measure')).toEqual({ type: 'close' });
    expect(stageKeyAction('a', 'measure')).toBeNull();
  });
});
