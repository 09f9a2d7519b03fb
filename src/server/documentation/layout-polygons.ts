import { and, asc, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { layoutPolygons, layouts } from '#server/db/schema/documentation.ts';
import { users } from '#server/db/schema/users.ts';
import { personNameSql } from '#server/vendors/vendor-name.ts';
import type { LayoutPolygonView, PolygonInput } from '#shared/documentation.ts';
import { auditStaffDelete } from './documentation-writes.ts';

const polygonColumns = {
  id: layoutPolygons.id,
  layoutId: layoutPolygons.layoutId,
  name: layoutPolygons.name,
  points: layoutPolygons.points,
  createdAt: layoutPolygons.createdAt,
  // Null once the user is gone (created_by_id is set null on delete).
  createdBy: personNameSql,
};

function polygonView(row: {
  id: number;
  name: string;
  points: LayoutPolygonView['points'];
  createdAt: Date;
  createdBy: string | null;
}): LayoutPolygonView {
  return {
    id: row.id,
    name: row.name,
    points: row.points.map(({ x, y }) => ({ x, y })),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy ?? null,
  };
}

/** The kept polygons of the given layouts, oldest first, grouped by layout (one query). */
export async function loadPolygons(db: Db, layoutIds: number[]): Promise<Map<number, LayoutPolygonView[]>> {
  const byLayout = new Map<number, LayoutPolygonView[]>();
  if (layoutIds.length === 0) return byLayout;
  const rows = await db
    .select(polygonColumns)
    .from(layoutPolygons)
    .leftJoin(users, eq(users.id, layoutPolygons.createdById))
    .where(inArray(layoutPolygons.layoutId, layoutIds))
    .orderBy(asc(layoutPolygons.id));
  for (const row of rows) {
    byLayout.set(row.layoutId, [...(byLayout.get(row.layoutId) ?? []), polygonView(row)]);
  }
  return byLayout;
}

/** Keeps a polygon the caller measured (points already checked against the layout). */
export async function createPolygon(
  db: Db,
  layoutId: number,
  input: PolygonInput,
  createdById: number,
): Promise<LayoutPolygonView> {
  const [row] = await db
    .insert(layoutPolygons)
    .values({ layoutId, name: input.name, points: input.points, createdById })
    .returning({ id: layoutPolygons.id });
  const [created] = await db
    .select(polygonColumns)
    .from(layoutPolygons)
    .leftJoin(users, eq(users.id, layoutPolygons.createdById))
    .where(eq(layoutPolygons.id, row!.id));
  return polygonView(created!);
}

/** Whether the polygon exists on this layout: an id of another layout's polygon is not found here. */
export async function polygonIsOnLayout(db: Db, layoutId: number, polygonId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: layoutPolygons.id })
    .from(layoutPolygons)
    .where(and(eq(layoutPolygons.id, polygonId), eq(layoutPolygons.layoutId, layoutId)));
  return row !== undefined;
}

/**
 * Deletes the polygon from this layout (audited when staff do it); false when it was not there (or
 * went meanwhile).
 */
export async function deletePolygon(
  db: Db,
  layout: { id: number; projectId: number },
  polygonId: number,
  by: UserRow,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(layoutPolygons)
      .where(and(eq(layoutPolygons.id, polygonId), eq(layoutPolygons.layoutId, layout.id)))
      .returning({ id: layoutPolygons.id, name: layoutPolygons.name });
    if (!row) return false;
    const [onLayout] = await tx.select({ name: layouts.name }).from(layouts).where(eq(layouts.id, layout.id));
    await auditStaffDelete(tx, by, {
      action: 'polygon.delete',
      target: {
        type: 'polygon',
        id: row.id,
        what: `${row.name || 'Polygon'} on ${onLayout?.name ?? 'a layout'}`,
      },
      projectId: layout.projectId,
    });
    return true;
  });
}
