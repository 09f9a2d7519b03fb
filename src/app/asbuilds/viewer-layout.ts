import type { LayoutView } from '#shared/documentation.ts';
import type { ViewerLayout } from '#viewer/viewer-api.ts';

/** A layout of the documentation as the viewer draws it: its pinned photos become the red buttons. */
export function toViewerLayout(layout: LayoutView): ViewerLayout {
  return {
    id: layout.id,
    name: layout.name,
    url: layout.url,
    width_px: layout.width_px,
    height_px: layout.height_px,
    pins: layout.photos.flatMap((photo) =>
      photo.x === null || photo.y === null
        ? []
        : [
            {
              id: photo.id,
              x: photo.x,
              y: photo.y,
              label: `Show photo: ${photo.caption || `photo ${photo.id}`}`,
              caption: photo.caption,
            },
          ],
    ),
    polygons: layout.polygons.map(({ id, name, points }) => ({ id, name, points })),
  };
}
