import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { requestSpots } from '#server/db/schema/request-spots.ts';
import { HttpError } from '#server/http/http-error.ts';
import { layoutPlanColumns } from '#server/request-core/layout-plan-columns.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import type { PointView } from '#shared/documentation.ts';
import {
  type BehindWallPhoto,
  nearestPhotos,
  type RequestSpot,
  SPOT_MESSAGES,
  type SpotInput,
  spotBoundsError,
} from '#shared/request-spot.ts';

// A request's spot on the floor plan and the documentation excerpt it opens: what
// POST /api/requests/ stores, what GET /api/requests/{id}/ shows and what GET /api/files/ allows.

const spotError = (message: string) => new HttpError(400, { errors: { spot: [message] } });

/** A new request's spot, checked against the request's property: its layout and the image's bounds. */
export async function checkSpot(db: DbOrTx, projectId: number, spot: SpotInput): Promise<SpotInput> {
  const [layout] = await db
    .select({ widthPx: layouts.widthPx, heightPx: layouts.heightPx })
    .from(layouts)
    .where(and(eq(layouts.id, spot.layout_id), eq(layouts.projectId, projectId)));
  if (!layout) throw spotError(SPOT_MESSAGES.layout);
  const outside = spotBoundsError(spot, { width_px: layout.widthPx, height_px: layout.heightPx });
  if (outside) throw spotError(outside);
  return spot;
}

export async function insertSpot(db: DbOrTx, requestId: number, spot: SpotInput): Promise<void> {
  await db.insert(requestSpots).values({
    requestId,
    layoutId: spot.layout_id,
    x: spot.x,
    y: spot.y,
    area: spot.area,
  });
}

type LayoutRow = Pick<
  typeof layouts.$inferSelect,
  'id' | 'name' | 'storageKey' | 'widthPx' | 'heightPx' | 'feetPerPixel'
>;

interface PinnedPanorama {
  id: number;
  key: string;
  caption: string;
  x: number;
  y: number;
}

/** The 360-degree in-wall photos pinned on a layout: the only candidates for "behind this wall". */
async function pinnedPanoramas(db: DbOrTx, layoutId: number): Promise<PinnedPanorama[]> {
  const rows = await db
    .select({ id: photos.id, key: photos.storageKey, caption: photos.caption, x: photos.x, y: photos.y })
    .from(photos)
    .where(and(eq(photos.layoutId, layoutId), eq(photos.kind, 'in_wall'), eq(photos.is360, true)))
    .orderBy(asc(photos.id));
  return rows.flatMap((row) => (row.x === null || row.y === null ? [] : [{ ...row, x: row.x, y: row.y }]));
}

const layoutSize = (layout: LayoutRow) => ({
  width_px: layout.widthPx,
  height_px: layout.heightPx,
  feet_per_pixel: layout.feetPerPixel,
});

/** The request's spot with its excerpt, or null: the layout, the spot and area, the nearest photos. */
export async function loadRequestSpot(db: DbOrTx, requestId: number): Promise<RequestSpot | null> {
  const [row] = await db
    .select({
      x: requestSpots.x,
      y: requestSpots.y,
      area: requestSpots.area,
      layout: layoutPlanColumns,
    })
    .from(requestSpots)
    .innerJoin(layouts, eq(layouts.id, requestSpots.layoutId))
    .where(eq(requestSpots.requestId, requestId));
  if (!row) return null;
  const ranked = nearestPhotos(row, layoutSize(row.layout), await pinnedPanoramas(db, row.layout.id));
  const closeUps =
    ranked.length === 0
      ? []
      : await db
          .select({
            id: panoramaHotspots.id,
            photoId: panoramaHotspots.photoId,
            pitch: panoramaHotspots.pitch,
            yaw: panoramaHotspots.yaw,
            key: panoramaHotspots.storageKey,
            caption: panoramaHotspots.caption,
          })
          .from(panoramaHotspots)
          .where(
            inArray(
              panoramaHotspots.photoId,
              ranked.map(({ photo }) => photo.id),
            ),
          )
          .orderBy(asc(panoramaHotspots.id));
  const behindWall = ranked.map(
    ({ photo, distanceFt }): BehindWallPhoto => ({
      id: photo.id,
      url: fileUrl(photo.key),
      caption: photo.caption,
      x: photo.x,
      y: photo.y,
      distance_ft: distanceFt,
      hotspots: closeUps
        .filter((closeUp) => closeUp.photoId === photo.id)
        .map(({ id, pitch, yaw, key, caption }) => ({ id, pitch, yaw, url: fileUrl(key), caption })),
    }),
  );
  return {
    layout: {
      id: row.layout.id,
      name: row.layout.name,
      url: fileUrl(row.layout.storageKey),
      width_px: row.layout.widthPx,
      height_px: row.layout.heightPx,
      feet_per_pixel: row.layout.feetPerPixel,
    },
    x: row.x,
    y: row.y,
    area: (row.area as PointView[] | null) ?? null,
    behind_wall: behindWall,
  };
}

/** A documentation file as the excerpt rule reads it: the layout it shows, or the photo it is (of). */
export type ExcerptFile =
  | { kind: 'layout'; layoutId: number }
  | { kind: 'photo'; layoutId: number; photoId: number };

/**
 * The requests whose excerpt holds this file: spots on its layout, and for a photo (or one of its
 * close-ups) only those whose nearest photos include it. The caller decides which of those requests
 * the asker may see (GET /api/files/, src/server/files/file-access.ts).
 */
export async function requestsShowingFile(db: DbOrTx, file: ExcerptFile): Promise<number[]> {
  const [layout] = await db.select(layoutPlanColumns).from(layouts).where(eq(layouts.id, file.layoutId));
  if (!layout) return [];
  const spots = await db
    .select({ requestId: requestSpots.requestId, x: requestSpots.x, y: requestSpots.y })
    .from(requestSpots)
    .where(eq(requestSpots.layoutId, layout.id))
    .orderBy(asc(requestSpots.requestId));
  if (file.kind === 'layout') return spots.map((spot) => spot.requestId);
  const candidates = await pinnedPanoramas(db, layout.id);
  return spots
    .filter((spot) =>
      nearestPhotos(spot, layoutSize(layout), candidates).some(({ photo }) => photo.id === file.photoId),
    )
    .map((spot) => spot.requestId);
}

/**
 * Every request whose excerpt shows the stored file `key`, as a layout image, a pinned photo or a
 * close-up in one. Several rows may share one file (the demo seed gives its properties one plan),
 * so each of them counts, not the first found.
 */
export async function requestsShowingKey(db: DbOrTx, key: string): Promise<number[]> {
  const [layoutRows, photoRows, closeUpRows] = await Promise.all([
    db.select({ layoutId: layouts.id }).from(layouts).where(eq(layouts.storageKey, key)),
    db
      .select({ layoutId: photos.layoutId, photoId: photos.id })
      .from(photos)
      .where(eq(photos.storageKey, key)),
    db
      .select({ layoutId: photos.layoutId, photoId: photos.id })
      .from(panoramaHotspots)
      .innerJoin(photos, eq(photos.id, panoramaHotspots.photoId))
      .where(eq(panoramaHotspots.storageKey, key)),
  ]);
  const files: ExcerptFile[] = [
    ...layoutRows.map((row): ExcerptFile => ({ kind: 'layout', layoutId: row.layoutId })),
    ...[...photoRows, ...closeUpRows].flatMap((row): ExcerptFile[] =>
      row.layoutId === null ? [] : [{ kind: 'photo', layoutId: row.layoutId, photoId: row.photoId }],
    ),
  ];
  const ids = new Set<number>();
  for (const file of files) for (const id of await requestsShowingFile(db, file)) ids.add(id);
  return [...ids];
}
