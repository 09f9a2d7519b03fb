// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewer } from '#viewer/create-viewer.ts';
import type { InteractiveViewer, ViewerLayout, ViewerOptions } from '#viewer/viewer-api.ts';
import { outline } from './outline.ts';

/*
 * The framework-free viewer in a DOM: an 800 x 600 stage (jsdom lays nothing out, so the sizes are
 * given) showing a 400 x 300 plan, which fits at scale 2 from the top-left corner: stage pixel
 * (x, y) is image pixel (x / 2, y / 2).
 */

const plan = (id: number, overrides: Partial<ViewerLayout> = {}): ViewerLayout => ({
  id,
  name: `Level ${id}`,
  url: `/api/files/plan-${id}.png`,
  width_px: 400,
  height_px: 300,
  pins: [
    { id: 11, x: 0.25, y: 0.5, label: 'Show photo: Boiler', caption: 'Boiler' },
    { id: 12, x: 0.75, y: 0.1, label: 'Show photo: photo 12', caption: '' },
  ],
  polygons: [
    {
      id: 5,
      name: 'Lobby',
      points: outline([0, 0], [10, 0], [10, 10]),
    },
  ],
  ...overrides,
});

let host: HTMLElement;
let viewer: InteractiveViewer;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  // Reports the size once, as a browser does when observing starts.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback();
      }
      disconnect() {}
    },
  );
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  viewer?.destroy();
  host.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function mount(options: ViewerOptions = {}, layout: ViewerLayout | null = plan(1)) {
  viewer = createViewer(host, options);
  viewer.setLayout(layout);
  return viewer;
}

const stage = () => host.querySelector<HTMLElement>('[role="application"]')!;
const image = () => host.querySelector('image')!;
const pins = () => [...host.querySelectorAll<HTMLButtonElement>('.fbv-pin')];
const pointer = (type: string, x: number, y: number) =>
  stage().dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true }));
const click = (x: number, y: number) => {
  pointer('pointerdown', x, y);
  pointer('pointerup', x, y);
};
const key = (name: string) =>
  stage().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

describe('the plan stage', () => {
  it('draws the plan fitted to the stage, with its kept polygons, as a keyboard-operated floor plan', () => {
    mount();
    expect(image().getAttribute('href')).toBe('/api/files/plan-1.png');
    expect(host.querySelector('svg > g')!.getAttribute('transform')).toBe('translate(0 0) scale(2)');
    expect(host.querySelector('.fbv-polygon-saved')!.getAttribute('points')).toBe('0,0 10,0 10,10');
    expect(stage().getAttribute('aria-roledescription')).toBe('floor plan');
    expect(stage().getAttribute('aria-label')).toBe(
      'Level 1 floor plan. Arrow keys pan, plus and minus zoom, 0 resets.',
    );
    expect(stage().tabIndex).toBe(0);
  });

  it('shows the pins as buttons at their places once the image has loaded, and says when it failed', () => {
    mount();
    expect(pins()).toHaveLength(0);
    expect(host.querySelector('.fbv-message')!.getAttribute('role')).toBe('status');
    image().dispatchEvent(new Event('load'));
    expect(pins().map((pin) => pin.getAttribute('aria-label'))).toEqual([
      'Show photo: Boiler',
      'Show photo: photo 12',
    ]);
    expect([pins()[0]!.style.left, pins()[0]!.style.top]).toEqual(['200px', '300px']);
    expect(host.querySelector<HTMLElement>('.fbv-message')!.hidden).toBe(true);

    viewer.setLayout(plan(1, { url: '/api/files/missing.png' }));
    image().dispatchEvent(new Event('error'));
    expect(pins()).toHaveLength(0);
    expect(host.querySelector('[role="alert"]')!.textContent).toMatch(/could not be loaded/);
  });

  it('zooms around the centre and pans by drag, without adding points', () => {
    mount();
    viewer.setMode('measure');
    viewer.zoomIn();
    expect(host.querySelector('svg > g')!.getAttribute('transform')).toBe('translate(-100 -75) scale(2.5)');
    viewer.reset();
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 140, 130);
    pointer('pointerup', 140, 130);
    expect(host.querySelector('svg > g')!.getAttribute('transform')).toBe('translate(40 30) scale(2)');
    expect(viewer.getState().drawing.current).toEqual([]);
  });

  it('moves the pins with the view', () => {
    mount();
    image().dispatchEvent(new Event('load'));
    key('ArrowLeft');
    expect(pins()[0]!.style.left).toBe('240px');
  });
});

describe('measure mode', () => {
  it('adds a point in image pixels for a click, and none in view mode or off the plan', () => {
    mount();
    click(200, 100);
    expect(viewer.getState().drawing.current).toEqual([]);
    viewer.setMode('measure');
    click(200, 100);
    click(900, 100);
    expect(viewer.getState().drawing.current).toEqual([{ x: 100, y: 50 }]);
    expect(host.querySelectorAll('.fbv-vertex')).toHaveLength(1);
  });

  it('works from the keyboard: Space at the crosshair, Backspace, Enter', () => {
    mount();
    viewer.setMode('measure');
    expect(stage().getAttribute('aria-label')).toContain('Space adds a point at the crosshair');
    key(' ');
    click(0, 0);
    click(100, 0);
    key('Backspace');
    click(0, 100);
    key('Enter');
    const { drawing } = viewer.getState();
    expect(drawing.current).toEqual([
      { x: 200, y: 150 },
      { x: 0, y: 0 },
      { x: 0, y: 50 },
    ]);
    expect(drawing.closed).toBe(true);
    expect(host.querySelector('.fbv-polygon-current.fbv-selected')).not.toBeNull();
  });

  it('keeps what was measured on each layout when switching, and starts each with the current polygon', () => {
    mount();
    viewer.setMode('measure');
    click(20, 20);
    viewer.select({ kind: 'saved', id: 5 });
    viewer.setLayout(plan(2));
    expect(viewer.getState().drawing.current).toEqual([]);
    expect(viewer.getState().selection).toEqual({ kind: 'current' });
    viewer.setLayout(plan(1));
    expect(viewer.getState().drawing.current).toEqual([{ x: 10, y: 10 }]);
  });

  it('sets the current polygon aside as a draft with New polygon, and removes a draft', () => {
    mount();
    viewer.setMode('measure');
    click(0, 0);
    click(100, 0);
    click(100, 100);
    viewer.newPolygon();
    const { drawing, mode } = viewer.getState();
    expect(mode).toBe('measure');
    expect(drawing.current).toEqual([]);
    expect(drawing.drafts).toHaveLength(1);
    expect(host.querySelectorAll('.fbv-polygon-draft')).toHaveLength(1);
    viewer.removeDraft(drawing.drafts[0]!.key);
    expect(viewer.getState().drawing.drafts).toEqual([]);
  });
});

describe('events and lifecycle', () => {
  it('reports a chosen pin and a placed spot', () => {
    const onPin = vi.fn();
    const onPlace = vi.fn();
    mount({ onPin, onPlace });
    image().dispatchEvent(new Event('load'));
    pins()[0]!.click();
    expect(onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    expect(viewer.getState().selectedPinId).toBe(11);
    expect(pins()[0]!.hasAttribute('data-selected')).toBe(true);

    viewer.setMode('place');
    click(400, 300);
    expect(onPlace).toHaveBeenCalledWith({ x: 200, y: 150 });
    expect(viewer.getState().drawing.current).toEqual([]);
  });

  it('tells subscribers of every change with a new snapshot, until they leave', () => {
    mount();
    const listener = vi.fn();
    const leave = viewer.subscribe(listener);
    const before = viewer.getState();
    viewer.setMode('measure');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(viewer.getState()).not.toBe(before);
    leave();
    viewer.setMode('view');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('draws zoom buttons and the chosen pin caption only when asked (the embed)', () => {
    mount();
    expect(host.querySelector('.fbv-controls')).toBeNull();
    viewer.destroy();
    expect(host.children).toHaveLength(0);
    mount({ controls: true });
    image().dispatchEvent(new Event('load'));
    host.querySelector<HTMLButtonElement>('[aria-label="Zoom in"]')!.click();
    expect(host.querySelector('svg > g')!.getAttribute('transform')).toBe('translate(-100 -75) scale(2.5)');
    pins()[0]!.click();
    expect(host.querySelector('.fbv-caption')!.textContent).toBe('Boiler');
  });
});

describe("a request's spot", () => {
  it('draws the spot and its area read-only, and takes them away with the spot', () => {
    mount({}, plan(1, { spot: { x: 100, y: 50, area: outline([90, 40], [110, 40], [110, 60]) } }));
    const dots = [...host.querySelectorAll('circle.fbv-spot')];
    expect(dots.map((dot) => [dot.getAttribute('cx'), dot.getAttribute('cy')])).toEqual([['100', '50']]);
    expect(host.querySelector('polygon.fbv-spot-area')?.getAttribute('points')).toBe('90,40 110,40 110,60');
    // Clicking the plan in view mode moves nothing.
    click(400, 300);
    expect(host.querySelector('circle.fbv-spot')?.getAttribute('cx')).toBe('100');
    viewer.setLayout(plan(1, { spot: { x: 10, y: 20, area: null } }));
    expect(host.querySelector('polygon.fbv-spot-area')).toBeNull();
    expect(host.querySelector('circle.fbv-spot')?.getAttribute('cy')).toBe('20');
    viewer.setLayout(plan(1));
    expect(host.querySelector('.fbv-spot')).toBeNull();
  });
});
