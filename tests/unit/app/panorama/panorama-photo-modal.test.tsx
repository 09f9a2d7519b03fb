// @vitest-environment jsdom

import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import PanoramaPhotoModal from '#app/panorama/panorama-photo-modal.tsx';
import { webglLessRoot } from '../support/webgl-less-root.tsx';

// Without WebGL (jsdom) the modal's sphere is the flat picture; the close-up flow is the same.
const view = webglLessRoot();

const hotspots = [
  { id: 1, pitch: 0, yaw: 30, url: '/files/close-up-1.png', caption: 'Copper supply line, no leak' },
  { id: 2, pitch: -20, yaw: -60, url: '/files/close-up-2.png', caption: 'Stud with water stain' },
];

function buttonNamed(name: string): HTMLButtonElement {
  const button = [...document.querySelectorAll('button')].find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === name,
  );
  if (!button) throw new Error(`no button named ${name}`);
  return button;
}

describe('PanoramaPhotoModal', () => {
  it('shows a close-up with its caption when its hotspot is clicked, and goes back to the 360° photo', async () => {
    const onClose = vi.fn();
    await view.render(
      <PanoramaPhotoModal
        opened
        onClose={onClose}
        title="Unit 101, kitchen wall"
        imageUrl="/files/panorama-1.png"
        hotspots={hotspots}
      />,
    );
    const dialog = document.querySelector('[role=dialog]')!;
    expect(dialog.textContent).toContain('Unit 101, kitchen wall');
    expect(dialog.querySelector('img[alt="360° photo: Unit 101, kitchen wall"]')).not.toBeNull();

    await act(async () => buttonNamed('Close-up: Stud with water stain').click());
    const closeUp = dialog.querySelector('figure')!;
    expect(closeUp.querySelector('img')!.getAttribute('src')).toBe('/files/close-up-2.png');
    expect(closeUp.querySelector('figcaption')!.textContent).toBe('Stud with water stain');

    await act(async () => buttonNamed('Back to the 360° view').click());
    expect(dialog.querySelector('figure')).toBeNull();

    // The list under the sphere opens the same close-ups for keyboard and screen-reader users.
    await act(async () => buttonNamed('Copper supply line, no leak').click());
    expect(dialog.querySelector('figcaption')!.textContent).toBe('Copper supply line, no leak');

    await act(async () => buttonNamed('Close').click());
    expect(onClose).toHaveBeenCalledOnce();
  });
});
