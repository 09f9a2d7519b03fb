import { currentSession } from './offline-session.ts';
import { type ResizedPhoto, resizePhoto } from './photo-resize.ts';
import type { OutboxPhotoField, UserDb } from './user-db.ts';

function jpegName(original: string): string {
  const base = original.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/** Turns a picked photo into what is stored (photo-resize.ts; tests without a canvas pass their own). */
export type PhotoResizer = (file: Blob) => Promise<ResizedPhoto>;

/**
 * Resizes a photo the vendor picked or took and keeps the result as a Blob in the field database, so
 * it survives the app being closed before the network returns. Returns the multipart field that an
 * outbox write (`enqueueWrite({photos})`) refers to.
 */
export async function storePendingPhoto(
  file: File,
  options: { field: string; requestId?: number | null; resize?: PhotoResizer },
): Promise<OutboxPhotoField> {
  const session = currentSession();
  if (!session) throw new Error('Sign in to add photos.');
  const photo = await (options.resize ?? resizePhoto)(file);
  const photoId = (await session.db.pendingPhotos.add({
    outboxKey: null,
    requestId: options.requestId ?? null,
    blob: photo.blob,
    name: jpegName(file.name),
    width: photo.width,
    height: photo.height,
    createdAt: Date.now(),
  } as Parameters<typeof session.db.pendingPhotos.add>[0])) as number;
  return { field: options.field, photoId };
}

/** How long a stored photo may wait for its write before it counts as left behind. */
export const ORPHAN_PHOTO_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes photos that no outbox write refers to and that are older than `ORPHAN_PHOTO_AGE_MS`: the
 * app was closed between storing a form's photos and queueing the form. Returns how many went.
 */
export async function dropOrphanPhotos(db: UserDb, now = Date.now()): Promise<number> {
  return db.transaction('rw', db.outbox, db.pendingPhotos, async () => {
    // Referred to by a write (by id, as the sender reads them) means kept, whatever its key says.
    const claimed = new Set((await db.outbox.toArray()).flatMap((item) => item.photos.map((p) => p.photoId)));
    return db.pendingPhotos
      .filter((photo) => !claimed.has(photo.id) && photo.createdAt < now - ORPHAN_PHOTO_AGE_MS)
      .delete();
  });
}
