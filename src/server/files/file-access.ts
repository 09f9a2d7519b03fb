import { and, eq } from 'drizzle-orm';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { jobVisitPhotos, jobVisits } from '#server/db/schema/job-visits.ts';
import { messagePhotos } from '#server/db/schema/message-photos.ts';
import { projects } from '#server/db/schema/projects.ts';
import { requestPhotos } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { HttpError } from '#server/http/http-error.ts';
import { loadThreadAccess, readThreadRow } from '#server/messages/message-thread.ts';
import { loadBidTarget } from '#server/request-core/bid-access.ts';
import { mayReadDocumentation } from '#server/request-core/documentation-access.ts';
import { loadParties, roleOf } from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { requestsShowingKey } from '#server/requests/request-spot-store.ts';
import { canViewRequest } from '#shared/request-visibility.ts';

/** What a stored file belongs to, which decides who may read it. */
export type FileOwner =
  /** `completion`: the awarded vendor's report, read like the detail's `completion`. */
  | { kind: 'request_photo'; requestId: number; completion: boolean }
  /** A vendor's photo from leaving a visit: the job's managing side and its awarded vendor. */
  | { kind: 'visit_photo'; requestId: number }
  /** A photo sent in the thread of (request, vendor). */
  | { kind: 'message_photo'; requestId: number; vendorId: number }
  /** vendorId null: a certificate still on a vendor application, before the account exists. */
  | { kind: 'insurance_certificate'; vendorId: number | null }
  /** key: a request's plan excerpt may show the same file (showsInVisibleExcerpt). */
  | { kind: 'documentation'; projectId: number; clientId: number; key: string };

/** Request photos are stored as `requests/<id>/...`: the id narrows the lookup to that request's rows. */
const REQUEST_KEY = /^requests\/(\d{1,9})\//;

async function requestPhotoOwner(db: Db, key: string): Promise<FileOwner | null> {
  const requestId = REQUEST_KEY.exec(key)?.[1];
  const [row] = await db
    .select({ requestId: requestPhotos.requestId, kind: requestPhotos.kind })
    .from(requestPhotos)
    .where(
      and(
        eq(requestPhotos.storageKey, key),
        requestId === undefined ? undefined : eq(requestPhotos.requestId, Number(requestId)),
      ),
    )
    .limit(1);
  return row
    ? { kind: 'request_photo', requestId: row.requestId, completion: row.kind === 'completion' }
    : null;
}

/** Visit photos are stored as `requests/<id>/visits/<visit>/...` (visits/visit-day-routes.ts). */
async function visitPhotoOwner(db: Db, key: string): Promise<FileOwner | null> {
  if (!/^requests\/\d{1,9}\/visits\//.test(key)) return null;
  const [row] = await db
    .select({ requestId: jobVisits.requestId })
    .from(jobVisitPhotos)
    .innerJoin(jobVisits, eq(jobVisits.id, jobVisitPhotos.visitId))
    .where(eq(jobVisitPhotos.key, key))
    .limit(1);
  return row ? { kind: 'visit_photo', requestId: row.requestId } : null;
}

/** Message photos are stored as `messages/<request>/<vendor>/...` (message-photo-store.ts). */
async function messagePhotoOwner(db: Db, key: string): Promise<FileOwner | null> {
  if (!key.startsWith('messages/')) return null;
  const [row] = await db
    .select({ requestId: messagePhotos.requestId, vendorId: messagePhotos.vendorId })
    .from(messagePhotos)
    .where(eq(messagePhotos.storageKey, key))
    .limit(1);
  return row ? { kind: 'message_photo', requestId: row.requestId, vendorId: row.vendorId } : null;
}

async function certificateOwner(db: Db, key: string): Promise<FileOwner | null> {
  const [profile] = await db
    .select({ vendorId: vendorProfiles.userId })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.insuranceCertificateKey, key))
    .limit(1);
  if (profile) return { kind: 'insurance_certificate', vendorId: profile.vendorId };
  const [application] = await db
    .select({ id: vendorApplications.id })
    .from(vendorApplications)
    .where(eq(vendorApplications.insuranceCertificateKey, key))
    .limit(1);
  return application ? { kind: 'insurance_certificate', vendorId: null } : null;
}

/** Layouts, documentation photos, their panorama close-ups and property thumbnails. */
async function documentationOwner(db: Db, key: string): Promise<FileOwner | null> {
  const candidates = [
    db.select({ projectId: layouts.projectId }).from(layouts).where(eq(layouts.storageKey, key)).limit(1),
    db.select({ projectId: photos.projectId }).from(photos).where(eq(photos.storageKey, key)).limit(1),
    db
      .select({ projectId: photos.projectId })
      .from(panoramaHotspots)
      .innerJoin(photos, eq(photos.id, panoramaHotspots.photoId))
      .where(eq(panoramaHotspots.storageKey, key))
      .limit(1),
    db.select({ projectId: projects.id }).from(projects).where(eq(projects.thumbnailKey, key)).limit(1),
  ];
  for (const query of candidates) {
    const [row] = await query;
    if (!row) continue;
    const [project] = await db
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, row.projectId));
    if (project) return { kind: 'documentation', projectId: row.projectId, clientId: project.clientId, key };
  }
  return null;
}

/** The row that references `key`, or null when nothing does (then the file is served to no one). */
export async function findFileOwner(db: Db, key: string): Promise<FileOwner | null> {
  return (
    (await requestPhotoOwner(db, key)) ??
    (await visitPhotoOwner(db, key)) ??
    (await messagePhotoOwner(db, key)) ??
    (await certificateOwner(db, key)) ??
    (await documentationOwner(db, key))
  );
}

/**
 * Request photos follow the request's visibility rule (src/shared/request-visibility.ts), and
 * completion photos and a visit's photos the detail's rule for `completion` (the managing side and
 * the awarded vendor, lifecycle-access.ts `roleOf`); a certificate is its vendor's and staff's; documentation images
 * follow the documentation rule (src/server/request-core/documentation-access.ts), the same as
 * GET /api/projects/{id}/documentation/. A message photo is its thread's: read by whoever may read
 * the thread (GET /api/messages/), which leaves out staff who did not raise the request.
 */
export async function mayReadFile(db: Db, user: UserRow, owner: FileOwner): Promise<boolean> {
  if (owner.kind === 'message_photo') return takesPartInThread(db, user, owner);
  if (isStaff(user)) return true;
  switch (owner.kind) {
    case 'request_photo': {
      const viewer = await loadViewer(db, user);
      if (owner.completion) return roleOf(viewer, await loadParties(db, owner.requestId)) !== 'none';
      const target = await loadBidTarget(db, owner.requestId);
      return canViewRequest(viewer, target.visible);
    }
    case 'visit_photo':
      return roleOf(await loadViewer(db, user), await loadParties(db, owner.requestId)) !== 'none';
    case 'insurance_certificate':
      return owner.vendorId !== null && owner.vendorId === user.id;
    case 'documentation':
      if (await mayReadDocumentation(db, user, { id: owner.projectId, clientId: owner.clientId }))
        return true;
      return showsInVisibleExcerpt(db, user, owner.key);
  }
}

/**
 * A request's plan excerpt: whoever may see a request may see its layout image and its
 * nearest in-wall photos with their close-ups, even without the documentation rule (a vendor with
 * no accepted bid on the property). Exactly the files of the request detail's `spot`, nothing else.
 */
async function showsInVisibleExcerpt(db: Db, user: UserRow, key: string): Promise<boolean> {
  const requestIds = await requestsShowingKey(db, key);
  if (requestIds.length === 0) return false;
  const viewer = await loadViewer(db, user);
  for (const requestId of requestIds) {
    const target = await loadBidTarget(db, requestId);
    if (canViewRequest(viewer, target.visible)) return true;
  }
  return false;
}

/** The thread's own rule (message-thread.ts): its vendor, or one of the request's managers. */
async function takesPartInThread(
  db: Db,
  user: UserRow,
  owner: { requestId: number; vendorId: number },
): Promise<boolean> {
  // A vendor's thread is always its own: another vendor's photo is not in it.
  if (user.type === 'vendor' && user.id !== owner.vendorId) return false;
  try {
    await loadThreadAccess((query) => readThreadRow(db, query), user, owner.requestId, owner.vendorId);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}
