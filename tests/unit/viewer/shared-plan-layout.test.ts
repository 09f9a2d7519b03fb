import { describe, expect, it } from 'vitest';
import { sharedPlanLayout } from '#viewer/shared-plan-embed.ts';
import { outline } from './outline.ts';

describe('a shared plan as the embed draws it', () => {
  const plan = {
    name: 'Level 1',
    image_url: '/api/shared-layouts/abc/image',
    width_px: 1200,
    height_px: 800,
    feet_per_pixel: 0.1,
    pins: [
      { id: 3, x: 0.5, y: 0.25, caption: 'Riser' },
      { id: 4, x: 0.1, y: 0.9, caption: '' },
    ],
    polygons: [
      {
        id: 7,
        name: 'Lobby',
        points: outline([0, 0], [100, 0], [100, 100], [0, 100]),
      },
      {
        id: 8,
        name: '',
        points: outline([0, 0], [10, 0], [10, 10]),
      },
    ],
  };

  it('loads the image from the server that answered, whichever site shows it', () => {
    expect(sharedPlanLayout(plan, 'https://fieldbid.example').url).toBe(
      'https://fieldbid.example/api/shared-layouts/abc/image',
    );
  });

  it('names the pins by their captions and the polygons by name and area', () => {
    const layout = sharedPlanLayout(plan, 'https://fieldbid.example');
    expect(layout.pins.map((pin) => pin.label)).toEqual(['Photo spot: Riser', 'Photo spot']);
    expect(layout.polygons.map((polygon) => polygon.title)).toEqual(['Lobby · 100 sq ft', '0.5 sq ft']);
  });
});
