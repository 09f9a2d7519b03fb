import { asc, eq, sql } from 'drizzle-orm';
import { randomToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/database.ts';
import { layouts, photos } from '#server/db/schema/documentation.ts';
import { layoutShares } from '#server/db/schema/layout-shares.ts';
import { layoutPlanColumns } from '#server/request-core/layout-plan-columns.ts';
import type { LayoutShareView, SharedLayoutView } from '#shared/layout-share.ts';
import { sharedLayoutImagePath } from '#shared/layout-share-paths.ts';
import { loadPolygons } from './layout-polygons.ts';

const NOT_SHARED: LayoutShareView = { token: null, shared_at: null };

/** Whether the layout is shared, and its token (for the documentation's writers only). */
export async function readLayoutShare(db: Db, layoutId: number): Promise<LayoutShareView> {
  const [row] = await db
    .select({ token: layoutShares.token, createdAt: layoutShares.createdAt })
    .from(layoutShares)
    .where(eq(layoutShares.layoutId, layoutId));
  return row ? { token: row.token, shared_at: row.createdAt.toISOString() } : NOT_SHARED;
}

/** Turns the share on; a layout already shared keeps its token (embeds on sites keep working). */
export async function enableLayoutShare(db: Db, layoutId: number, userId: number): Promise<LayoutShareView> {
  await db
    .insert(layoutShares)
    .values({ layoutId, token: randomToken(), createdById: userId })
    .onConflictDoNothing({ target: layoutShares.layoutId });
  return readLayoutShare(db, layoutId);
}

/** Turns the share off: its token answers 404 from now on. */
export async function disableLayoutShare(db: Db, layoutId: number): Promise<void> {
  await db.delete(layoutShares).where(eq(layoutShares.layoutId, layoutId));
}

/** The layout behind a share token, with what a shared plan shows; null for an unknown token. */
export async function loadSharedLayout(
  db: Db,
  token: string,
): Promise<{ view: SharedLayoutView; storageKey: string } | null> {
  const [layout] = await db
    .select(layoutPlanColumns)
    .from(layoutShares)
    .innerJoin(layouts, eq(layouts.id, layoutShares.layoutId))
    .where(eq(layoutShares.token, token));
  if (!layout) return null;
  const [pins, polygons] = await Promise.all([
    db
      .select({ id: photos.id, x: photos.x, y: photos.y, caption: photos.caption })
      .from(photos)
      .where(eq(photos.layoutId, layout.id))
      .orderBy(sql`${photos.takenAt} asc nulls last`, asc(photos.id)),
    loadPolygons(db, [layout.id]),
  ]);
  return {
    storageKey: layout.storageKey,
    view: {
      name: layout.name,
      image_url: sharedLayoutImagePath(token),
      width_px: layout.widthPx,
      height_px: layout.heightPx,
      feet_per_pixel: layout.feetPerPixel,
      // The table's check keeps a pin on its layout; its photo stays private.
      pins: pins.map((pin) => ({ id: pin.id, x: pin.x ?? 0, y: pin.y ?? 0, caption: pin.caption })),
      polygons: (polygons.get(layout.id) ?? []).map(({ id, name, points }) => ({ id, name, points })),
    },
  };
}
