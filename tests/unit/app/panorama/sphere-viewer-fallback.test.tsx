// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SphereViewer } from '#app/panorama/sphere-viewer.tsx';

// jsdom has no WebGL, like a browser with it turned off: the viewer must show the flat picture.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // jsdom logs "not implemented" for canvas contexts; a browser without WebGL answers null.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('SphereViewer without WebGL', () => {
  it('shows the flat picture, says why, and keeps the hotspots clickable at their place', () => {
    const onHotspotClick = vi.fn();
    act(() =>
      root.render(
        <MantineProvider>
          <SphereViewer
            imageUrl="/static/panorama/demo.png"
            label="360° view of the demo room"
            hotspots={[{ id: 7, pitch: 45, yaw: 90, label: 'Photo 1' }]}
            onHotspotClick={onHotspotClick}
          />
        </MantineProvider>,
      ),
    );
    expect(container.textContent).toContain('cannot show the 360° view');
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/static/panorama/demo.png');
    expect(image.getAttribute('alt')).toBe('360° view of the demo room');
    expect(container.querySelector('canvas')).toBeNull();

    const hotspot = container.querySelector<HTMLButtonElement>('button[aria-label="Photo 1"]')!;
    expect(hotspot.style.left).toBe('75%');
    expect(hotspot.style.top).toBe('25%');
    act(() => hotspot.click());
    expect(onHotspotClick).toHaveBeenCalledWith(7);
  });
});
