import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { units } from '#server/db/schema/projects.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import type {
  DocumentationPhotoView,
  HotspotView,
  LayoutView,
  ProjectDocumentation,
} from '#shared/documentation.ts';
import { loadPolygons } from './layout-polygons.ts';

type PhotoRow = Awaited<ReturnType<typeof selectPhotos>>[number];
type LayoutRow = typeof layouts.$inferSelect;

/** Documentation photos matching `where`, oldest first, with their unit. */
function selectPhotos(db: Db, where: SQL | undefined) {
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
    .where(where)
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

/** The photos matching `where` as the viewer shows them, close-ups included, in two queries. */
async function loadPhotoViews(db: Db, where: SQL | undefined) {
  const rows = await selectPhotos(db, where);
  const hotspots = await loadHotspots(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, view: photoView(row, hotspots) }));
}

type PhotoItem = Awaited<ReturnType<typeof loadPhotoViews>>[number];

/** In-wall photos belong to the layout they are pinned on; those on no layout have no place in the viewer. */
const pinnedPhoto = (photo: PhotoRow, layoutId: number) =>
  photo.kind === 'in_wall' && photo.layoutId === layoutId;

async function layoutViews(db: Db, layoutRows: LayoutRow[], photoItems: PhotoItem[]): Promise<LayoutView[]> {
  const polygons = await loadPolygons(
    db,
    layoutRows.map((layout) => layout.id),
  );
  return layoutRows.map((layout) => ({
    id: layout.id,
    name: layout.name,
    url: fileUrl(layout.storageKey),
    content_type: layout.contentType,
    width_px: layout.widthPx,
    height_px: layout.heightPx,
    feet_per_pixel: layout.feetPerPixel,
    photos: photoItems.filter(({ row }) => pinnedPhoto(row, layout.id)).map(({ view }) => view),
    polygons: polygons.get(layout.id) ?? [],
  }));
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
  const [layoutRows, photoItems] = await Promise.all([
    db
      .select()
      .from(layouts)
      .where(eq(layouts.projectId, project.id))
      .orderBy(asc(layouts.sortOrder), asc(layouts.id)),
    loadPhotoViews(
      db,
      and(
        eq(photos.projectId, project.id),
        or(inArray(photos.kind, ['drone', 'thermal']), isNotNull(photos.layoutId)),
      ),
    ),
  ]);
  const ofKind = (kind: PhotoRow['kind']) =>
    photoItems.filter(({ row }) => row.kind === kind).map(({ view }) => view);
  return {
    project: { id: project.id, name: project.name, address: project.address },
    layouts: await layoutViews(db, layoutRows, photoItems),
    drone_photos: ofKind('drone'),
    thermal_photos: ofKind('thermal'),
    can_edit: canEdit,
  };
}

/** One layout as the documentation call shows it (after an upload or an edit), or undefined. */
export async function loadLayoutView(db: Db, layoutId: number): Promise<LayoutView | undefined> {
  const [layoutRows, photoItems] = await Promise.all([
    db.select().from(layouts).where(eq(layouts.id, layoutId)),
    loadPhotoViews(db, eq(photos.layoutId, layoutId)),
  ]);
  const [view] = await layoutViews(db, layoutRows, photoItems);
  return view;
}

/** One photo as the documentation call shows it (after an upload), or undefined. */
export async function loadPhotoView(db: Db, photoId: number): Promise<DocumentationPhotoView | undefined> {
  const [item] = await loadPhotoViews(db, eq(photos.id, photoId));
  return item?.view;
}
