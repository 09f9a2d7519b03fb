// @vitest-environment jsdom

import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SphereViewer } from '#app/panorama/sphere-viewer.tsx';
import { webglLessRoot } from '../support/webgl-less-root.tsx';

// jsdom has no WebGL, like a browser with it turned off: the viewer must show the flat picture.
const view = webglLessRoot();

describe('SphereViewer without WebGL', () => {
  it('shows the flat picture, says why, and keeps the hotspots clickable at their place', async () => {
    const onHotspotClick = vi.fn();
    await view.render(
      <SphereViewer
        imageUrl="/static/panorama/demo.png"
        label="360° view of the demo room"
        hotspots={[{ id: 7, pitch: 45, yaw: 90, label: 'Photo 1' }]}
        onHotspotClick={onHotspotClick}
      />,
    );
    expect(view.container.textContent).toContain('cannot show the 360° view');
    const image = view.container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/static/panorama/demo.png');
    expect(image.getAttribute('alt')).toBe('360° view of the demo room');
    expect(view.container.querySelector('canvas')).toBeNull();

    const hotspot = view.container.querySelector<HTMLButtonElement>('button[aria-label="Photo 1"]')!;
    expect(hotspot.style.left).toBe('75%');
    expect(hotspot.style.top).toBe('25%');
    act(() => hotspot.click());
    expect(onHotspotClick).toHaveBeenCalledWith(7);
  });
});
