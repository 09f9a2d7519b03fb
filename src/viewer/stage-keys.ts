import type { ViewerMode } from './viewer-api.ts';

export type StageKeyAction =
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'zoom-in' }
  | { type: 'zoom-out' }
  | { type: 'reset' }
  /** Space: a point (measure) or a spot (place) at the crosshair in the stage's centre. */
  | { type: 'click-centre' }
  | { type: 'undo-point' }
  | { type: 'close' };

const PAN_STEP = 40;
const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
};

/** What a key pressed on the focused plan does in `mode`; null leaves the key to the page. */
export function stageKeyAction(key: string, mode: ViewerMode): StageKeyAction | null {
  const pan = PAN_KEYS[key];
  if (pan) return { type: 'pan', dx: pan[0], dy: pan[1] };
  if (key === '+' || key === '=') return { type: 'zoom-in' };
  if (key === '-') return { type: 'zoom-out' };
  if (key === '0') return { type: 'reset' };
  if (mode !== 'view' && key === ' ') return { type: 'click-centre' };
  if (mode === 'measure' && key === 'Backspace') return { type: 'undo-point' };
  if (mode === 'measure' && key === 'Enter') return { type: 'close' };
  return null;
}

/** The plan's accessible name, with the keys that work in `mode`. */
export function stageLabel(layoutName: string, mode: ViewerMode): string {
  const measuring =
    mode === 'measure'
      ? ' Space adds a point at the crosshair, Backspace removes the last, Enter closes the polygon.'
      : '';
  return `${layoutName} floor plan. Arrow keys pan, plus and minus zoom, 0 resets.${measuring}`;
}
