import type { RequestSpot } from '#shared/request-spot.ts';
import type { ViewerLayout } from '#viewer/viewer-api.ts';

/**
 * A request's plan excerpt as the viewer draws it: the layout image (the URL a kept job keeps, so
 * it draws offline), the spot and its area, and the nearest 360-degree photos as pins when wanted.
 */
export function spotViewerLayout(spot: RequestSpot, { pins }: { pins: boolean }): ViewerLayout {
  return {
    id: spot.layout.id,
    name: spot.layout.name,
    url: spot.layout.url,
    width_px: spot.layout.width_px,
    height_px: spot.layout.height_px,
    pins: pins
      ? spot.behind_wall.map((photo) => ({
          id: photo.id,
          x: photo.x,
          y: photo.y,
          label: `Open 360° photo: ${photo.caption || `photo ${photo.id}`}`,
          caption: photo.caption,
        }))
      : [],
    polygons: [],
    spot: { x: spot.x, y: spot.y, area: spot.area },
  };
}
