import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type {
  DocumentationPhotoView,
  HotspotView,
  LayoutView,
  ProjectDocumentation,
} from '#shared/documentation.ts';
import type { Db } from '../db/database.ts';
import { layouts, panoramaHotspots, photos } from '../db/schema/documentation.ts';
import { units } from '../db/schema/projects.ts';
import { fileUrl } from '../lifecycle/request-progress.ts';
import { loadPolygons } from './layout-polygons.ts';

type PhotoRow = Awaited<ReturnType<typeof loadPhotos>>[number];

/**
 * Pinned in-wall photos and every drone and thermal photo of the property, in one query. In-wall
 * photos on no layout have no place in the viewer and are left out.
 */
function loadPhotos(db: Db, projectId: number) {
  return db
    .select({
      id: photos.id,
      layoutId: photos.layoutId,
      kind: photos.kind,
      key: photos.storageKey,
      caption: photos.caption,
      is360: photos.is360,
      x: photos.x,
      y: photos.y,
      unitId: units.id,
      unitNumber: units.number,
      takenAt: photos.takenAt,
    })
    .from(photos)
    .leftJoin(units, eq(units.id, photos.unitId))
    .where(
      and(
        eq(photos.projectId, projectId),
        or(inArray(photos.kind, ['drone', 'thermal']), isNotNull(photos.layoutId)),
      ),
    )
    .orderBy(sql`${photos.takenAt} asc nulls last`, asc(photos.id));
}

/** The close-ups of all the given photos in one query, grouped by photo. */
async function loadHotspots(db: Db, photoIds: number[]): Promise<Map<number, HotspotView[]>> {
  const byPhoto = new Map<number, HotspotView[]>();
  if (photoIds.length === 0) return byPhoto;
  const rows = await db
    .select({
      id: panoramaHotspots.id,
      photoId: panoramaHotspots.photoId,
      pitch: panoramaHotspots.pitch,
      yaw: panoramaHotspots.yaw,
      key: panoramaHotspots.storageKey,
      caption: panoramaHotspots.caption,
    })
    .from(panoramaHotspots)
    .where(inArray(panoramaHotspots.photoId, photoIds))
    .orderBy(asc(panoramaHotspots.id));
  for (const { photoId, key, ...hotspot } of rows) {
    byPhoto.set(photoId, [...(byPhoto.get(photoId) ?? []), { ...hotspot, url: fileUrl(key) }]);
  }
  return byPhoto;
}

function photoView(row: PhotoRow, hotspots: Map<number, HotspotView[]>): DocumentationPhotoView {
  const pinned = row.layoutId !== null;
  return {
    id: row.id,
    url: fileUrl(row.key),
    caption: row.caption,
    is_360: row.is360,
    // The pin means something only on a layout (the table's check enforces it only there).
    x: pinned ? row.x : null,
    y: pinned ? row.y : null,
    unit: row.unitId !== null && row.unitNumber !== null ? { id: row.unitId, number: row.unitNumber } : null,
    taken_at: row.takenAt?.toISOString() ?? null,
    hotspots: hotspots.get(row.id) ?? [],
  };
}

/**
 * GET /api/projects/{id}/documentation/: everything the as-builds viewer shows for a property, in
 * a fixed number of queries (layouts, polygons, photos, close-ups) however many photos there are.
 */
export async function loadProjectDocumentation(
  db: Db,
  project: { id: number; name: string; address: string },
  canEdit: boolean,
): Promise<ProjectDocumentation> {
  const layoutRows = await db
    .select()
    .from(layouts)
    .where(eq(layouts.projectId, project.id))
    .orderBy(asc(layouts.sortOrder), asc(layouts.id));
  const [polygons, photoRows] = await Promise.all([
    loadPolygons(
      db,
      layoutRows.map((layout) => layout.id),
    ),
    loadPhotos(db, project.id),
  ]);
  const hotspots = await loadHotspots(
    db,
    photoRows.map((photo) => photo.id),
  );
  const views = photoRows.map((row) => ({ row, view: photoView(row, hotspots) }));
  const ofKind = (kind: PhotoRow['kind']) =>
    views.filter(({ row }) => row.kind === kind).map(({ view }) => view);

  const layoutViews: LayoutView[] = layoutRows.map((layout) => ({
    id: layout.id,
    name: layout.name,
    url: fileUrl(layout.storageKey),
    content_type: layout.contentType,
    width_px: layout.widthPx,
    height_px: layout.heightPx,
    feet_per_pixel: layout.feetPerPixel,
    photos: views
      .filter(({ row }) => row.kind === 'in_wall' && row.layoutId === layout.id)
      .map(({ view }) => view),
    polygons: polygons.get(layout.id) ?? [],
  }));
  return {
    project: { id: project.id, name: project.name, address: project.address },
    layouts: layoutViews,
    drone_photos: ofKind('drone'),
    thermal_photos: ofKind('thermal'),
    can_edit: canEdit,
  };
}
