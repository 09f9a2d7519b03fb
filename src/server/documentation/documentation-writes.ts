import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AuditRecord, recordAudit } from '#server/audit/audit-log-store.ts';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { findFileOwner } from '#server/files/file-access.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import type { UploadedPhoto } from '#server/uploads/photo-upload.ts';
import type { HotspotView } from '#shared/documentation.ts';
import type {
  HotspotUpdateInput,
  HotspotUploadInput,
  LayoutUpdateInput,
  PhotoUploadInput,
} from '#shared/documentation-uploads.ts';

/** Uploaded documentation lives under its property: `documentation/<projectId>/<folder>/<random>.<ext>`. */
function storageKey(
  projectId: number,
  folder: 'layouts' | 'photos' | 'close-ups',
  image: UploadedPhoto,
): string {
  return `documentation/${projectId}/${folder}/${randomBytes(16).toString('hex')}.${EXTENSIONS[image.contentType]}`;
}

/**
 * Stores the file, then the row; a row that fails takes its file with it, so no file is left that
 * nothing references (and so nobody could read).
 */
async function storeThenInsert<T>(
  app: FastifyInstance,
  key: string,
  image: UploadedPhoto,
  insert: () => Promise<T>,
): Promise<T> {
  await app.files.put(key, image.body, image.contentType);
  try {
    return await insert();
  } catch (error) {
    await app.files.delete(key).catch(() => {});
    throw error;
  }
}

export async function insertLayout(
  app: FastifyInstance,
  projectId: number,
  input: { name: string; feetPerPixel: number | null; widthPx: number; heightPx: number },
  image: UploadedPhoto,
): Promise<number> {
  const key = storageKey(projectId, 'layouts', image);
  return storeThenInsert(app, key, image, async () => {
    const [row] = await app.db
      .insert(layouts)
      .values({
        projectId,
        name: input.name,
        storageKey: key,
        contentType: image.contentType,
        widthPx: input.widthPx,
        heightPx: input.heightPx,
        feetPerPixel: input.feetPerPixel,
        // New layouts go last in the selector.
        sortOrder: sql`(select coalesce(max(${layouts.sortOrder}), -1) + 1 from ${layouts} where ${layouts.projectId} = ${projectId})`,
      })
      .returning({ id: layouts.id });
    return row!.id;
  });
}

export async function updateLayout(db: Db, layoutId: number, input: LayoutUpdateInput): Promise<void> {
  await db
    .update(layouts)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.feet_per_pixel !== undefined && { feetPerPixel: input.feet_per_pixel }),
      updatedAt: sql`now()`,
    })
    .where(eq(layouts.id, layoutId));
}

/** Whether a layout and a unit named by an upload belong to the property; null when they do. */
export async function photoPlaceProblem(
  db: Db,
  projectId: number,
  input: PhotoUploadInput,
): Promise<Record<string, string[]> | null> {
  if (input.layout_id !== undefined) {
    const [layout] = await db
      .select({ id: layouts.id })
      .from(layouts)
      .where(and(eq(layouts.id, input.layout_id), eq(layouts.projectId, projectId)));
    if (!layout) return { layout_id: ['Choose a layout of this property.'] };
  }
  if (input.unit_id !== undefined) {
    const [unit] = await db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.id, input.unit_id), eq(units.projectId, projectId)));
    if (!unit) return { unit_id: ['Choose a unit of this property.'] };
  }
  return null;
}

export async function insertPhoto(
  app: FastifyInstance,
  projectId: number,
  input: PhotoUploadInput,
  image: UploadedPhoto,
  uploadedById: number,
): Promise<number> {
  const key = storageKey(projectId, 'photos', image);
  const pinned = input.kind === 'in_wall';
  return storeThenInsert(app, key, image, async () => {
    const [row] = await app.db
      .insert(photos)
      .values({
        projectId,
        layoutId: pinned ? (input.layout_id ?? null) : null,
        unitId: input.unit_id ?? null,
        kind: input.kind,
        is360: input.is_360,
        storageKey: key,
        contentType: image.contentType,
        sizeBytes: image.body.length,
        x: pinned ? (input.x ?? null) : null,
        y: pinned ? (input.y ?? null) : null,
        caption: input.caption,
        takenAt: input.taken_at ? new Date(`${input.taken_at}T12:00:00Z`) : null,
        uploadedById,
      })
      .returning({ id: photos.id });
    return row!.id;
  });
}

/**
 * Deletes the rows, then every file they named that no row references any more (the demo seed
 * shares one plan between properties, so a key may still be in use elsewhere).
 */
async function releaseFiles(app: FastifyInstance, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) {
    if ((await findFileOwner(app.db, key)) === null) {
      await app.files
        .delete(key)
        .catch((error: unknown) => app.log.warn({ err: error, key }, 'file not deleted'));
    }
  }
}

async function photoKeys(db: Db, where: ReturnType<typeof eq>): Promise<string[]> {
  const rows = await db
    .select({ photo: photos.storageKey, hotspot: panoramaHotspots.storageKey })
    .from(photos)
    .leftJoin(panoramaHotspots, eq(panoramaHotspots.photoId, photos.id))
    .where(where);
  return rows.flatMap((row) => [row.photo, ...(row.hotspot ? [row.hotspot] : [])]);
}

type DocumentationDelete = Pick<AuditRecord, 'action'> & {
  target: { type: AuditRecord['target']['type']; id: number; what: string };
  projectId: number;
};

/**
 * Staff deleting a property's documentation leave an audit entry, in the delete's transaction and
 * labelled with the property; the client's own managers do not (the log is of staff actions, and
 * the documentation is their company's to keep tidy).
 */
export async function auditStaffDelete(tx: Db, by: UserRow, deleted: DocumentationDelete): Promise<void> {
  if (!isStaff(by)) return;
  const [project] = await tx
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, deleted.projectId));
  await recordAudit(tx, by, {
    action: deleted.action,
    target: {
      type: deleted.target.type,
      id: deleted.target.id,
      label: `${deleted.target.what} · ${project?.name ?? `Property ${deleted.projectId}`}`,
    },
    details: { property_id: deleted.projectId },
  });
}

const PHOTO_NAMES = { in_wall: 'In-wall photo', drone: 'Drone photo', thermal: 'Thermal photo' } as const;

/** A layout with its pinned photos, their close-ups and its polygons (the foreign keys cascade). */
export async function deleteLayout(
  app: FastifyInstance,
  layout: { id: number; storageKey: string },
  by: UserRow,
): Promise<boolean> {
  const keys = [layout.storageKey, ...(await photoKeys(app.db, eq(photos.layoutId, layout.id)))];
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(layouts)
      .where(eq(layouts.id, layout.id))
      .returning({ id: layouts.id, name: layouts.name, projectId: layouts.projectId });
    if (!row) return false;
    await auditStaffDelete(tx, by, {
      action: 'layout.delete',
      target: { type: 'layout', id: row.id, what: row.name },
      projectId: row.projectId,
    });
    return true;
  });
  if (!deleted) return false;
  await releaseFiles(app, keys);
  return true;
}

export async function deletePhoto(app: FastifyInstance, photoId: number, by: UserRow): Promise<boolean> {
  const keys = await photoKeys(app.db, eq(photos.id, photoId));
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(photos)
      .where(eq(photos.id, photoId))
      .returning({ id: photos.id, kind: photos.kind, caption: photos.caption, projectId: photos.projectId });
    if (!row) return false;
    await auditStaffDelete(tx, by, {
      action: 'photo.delete',
      target: { type: 'photo', id: row.id, what: row.caption || PHOTO_NAMES[row.kind] },
      projectId: row.projectId,
    });
    return true;
  });
  if (!deleted) return false;
  await releaseFiles(app, keys);
  return true;
}

export async function insertHotspot(
  app: FastifyInstance,
  photo: { id: number; projectId: number },
  input: HotspotUploadInput,
  image: UploadedPhoto,
  createdById: number,
): Promise<HotspotView> {
  const key = storageKey(photo.projectId, 'close-ups', image);
  return storeThenInsert(app, key, image, async () => {
    const [row] = await app.db
      .insert(panoramaHotspots)
      .values({
        photoId: photo.id,
        pitch: input.pitch,
        yaw: input.yaw,
        storageKey: key,
        contentType: image.contentType,
        caption: input.caption,
        createdById,
      })
      .returning();
    return hotspotView(row!);
  });
}

const hotspotView = (row: typeof panoramaHotspots.$inferSelect): HotspotView => ({
  id: row.id,
  pitch: row.pitch,
  yaw: row.yaw,
  url: fileUrl(row.storageKey),
  caption: row.caption,
});

/** The close-up's new caption and/or place; undefined when it is gone (deleted meanwhile). */
export async function updateHotspot(
  db: Db,
  hotspotId: number,
  input: HotspotUpdateInput,
): Promise<HotspotView | undefined> {
  const [row] = await db
    .update(panoramaHotspots)
    .set({ caption: input.caption, pitch: input.pitch, yaw: input.yaw })
    .where(eq(panoramaHotspots.id, hotspotId))
    .returning();
  return row && hotspotView(row);
}

export async function deleteHotspot(
  app: FastifyInstance,
  hotspot: { id: number; projectId: number },
  by: UserRow,
): Promise<boolean> {
  const key = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(panoramaHotspots)
      .where(eq(panoramaHotspots.id, hotspot.id))
      .returning({ key: panoramaHotspots.storageKey, caption: panoramaHotspots.caption });
    if (!row) return null;
    await auditStaffDelete(tx, by, {
      action: 'close_up.delete',
      target: { type: 'close_up', id: hotspot.id, what: row.caption || 'Close-up' },
      projectId: hotspot.projectId,
    });
    return row.key;
  });
  if (key === null) return false;
  await releaseFiles(app, [key]);
  return true;
}
