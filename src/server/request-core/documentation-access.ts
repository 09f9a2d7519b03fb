import { and, eq } from 'drizzle-orm';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { managesClient, propertyError } from './project-access.ts';

/** The property a piece of documentation belongs to: all the rule below needs. */
export interface DocumentedProperty {
  id: number;
  clientId: number;
}

const READ_DENIED = 'You do not have permission to view this property.';
const WRITE_DENIED = 'You do not have permission to change the documentation of this property.';
export const LAYOUT_NOT_FOUND = 'Layout not found.';
export const PHOTO_NOT_FOUND = 'Photo not found.';
export const HOTSPOT_NOT_FOUND = 'Close-up not found.';

async function holdsAcceptedBidOn(db: Db, vendorId: number, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bids.id })
    .from(bids)
    .innerJoin(mr, eq(mr.id, bids.requestId))
    .where(and(eq(bids.vendorId, vendorId), eq(bids.status, 'accepted'), eq(mr.projectId, projectId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Writers (polygons now, uploads later): staff and the owning client's managers. The one rule for
 * documentation, also behind GET /api/files/<key> for layouts, photos, close-ups and thumbnails.
 */
export function mayEditDocumentation(user: UserRow, property: DocumentedProperty): boolean {
  return managesClient(user, property.clientId);
}

/**
 * Readers: the writers, and vendors working on the property (an accepted bid on one of its
 * requests), who need the in-wall photos and plans on site.
 */
export async function mayReadDocumentation(
  db: Db,
  user: UserRow,
  property: DocumentedProperty,
): Promise<boolean> {
  if (mayEditDocumentation(user, property)) return true;
  return user.type === 'vendor' && holdsAcceptedBidOn(db, user.id, property.id);
}

/** The property in the path, or 404 (the route answered 401 and a malformed id before). */
async function findDocumentedProject(db: Db, id: number) {
  const [project] = await db
    .select({ id: projects.id, clientId: projects.clientId, name: projects.name, address: projects.address })
    .from(projects)
    .where(eq(projects.id, id));
  if (!project) throw propertyError(404, 'Property not found.');
  return project;
}

/** The property in the path, for its documentation readers: 401, 404, then 403 (as requireManagedProject). */
export async function requireDocumentationReader(db: Db, user: UserRow, projectId: number) {
  const project = await findDocumentedProject(db, projectId);
  if (!(await mayReadDocumentation(db, user, project))) throw propertyError(403, READ_DENIED);
  return { user, project, canEdit: mayEditDocumentation(user, project) };
}

/** The property in the path, for its documentation writers: 401, 404, then 403 (nothing read before). */
export async function requireDocumentationWriter(db: Db, user: UserRow, projectId: number) {
  const project = await findDocumentedProject(db, projectId);
  requireDocumentationEditor(user, { projectId: project.id, clientId: project.clientId });
  return { user, project };
}

/** The one row a lookup by the id in the path found, or 404 with `message`. */
async function foundOr404<Row>(rows: PromiseLike<Row[]>, message: string): Promise<Row> {
  const [row] = await rows;
  if (!row) throw propertyError(404, message);
  return row;
}

/** The documentation photo in the path with its property's client, or 404. */
export function findPhoto(db: Db, id: number) {
  return foundOr404(
    db
      .select({
        id: photos.id,
        projectId: photos.projectId,
        clientId: projects.clientId,
        storageKey: photos.storageKey,
        is360: photos.is360,
      })
      .from(photos)
      .innerJoin(projects, eq(projects.id, photos.projectId))
      .where(eq(photos.id, id)),
    PHOTO_NOT_FOUND,
  );
}

/** A close-up in the path with its property's client, or 404. */
export function findHotspot(db: Db, id: number) {
  return foundOr404(
    db
      .select({ id: panoramaHotspots.id, projectId: photos.projectId, clientId: projects.clientId })
      .from(panoramaHotspots)
      .innerJoin(photos, eq(photos.id, panoramaHotspots.photoId))
      .innerJoin(projects, eq(projects.id, photos.projectId))
      .where(eq(panoramaHotspots.id, id)),
    HOTSPOT_NOT_FOUND,
  );
}

/** The layout in the path with its property's client, or 404. */
export function findLayout(db: Db, id: number) {
  return foundOr404(
    db
      .select({
        id: layouts.id,
        projectId: layouts.projectId,
        clientId: projects.clientId,
        widthPx: layouts.widthPx,
        heightPx: layouts.heightPx,
        storageKey: layouts.storageKey,
      })
      .from(layouts)
      .innerJoin(projects, eq(projects.id, layouts.projectId))
      .where(eq(layouts.id, id)),
    LAYOUT_NOT_FOUND,
  );
}

export type LayoutTarget = Awaited<ReturnType<typeof findLayout>>;

/** After every 404 of the call: a reader who is not a writer (a vendor) is refused too. */
export function requireDocumentationEditor(
  user: UserRow,
  target: { projectId: number; clientId: number },
): void {
  if (!mayEditDocumentation(user, { id: target.projectId, clientId: target.clientId })) {
    throw propertyError(403, WRITE_DENIED);
  }
}
