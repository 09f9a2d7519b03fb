import { currentSession } from './offline-session.ts';
import { resizePhoto } from './photo-resize.ts';
import type { OutboxPhotoField } from './user-db.ts';

function jpegName(original: string): string {
  const base = original.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * Resizes a photo the vendor picked or took and keeps the result as a Blob in the field database, so
 * it survives the app being closed before the network returns. Returns the multipart field that an
 * outbox write (`enqueueWrite({photos})`) refers to.
 */
export async function storePendingPhoto(
  file: File,
  options: { field: string; requestId?: number | null },
): Promise<OutboxPhotoField> {
  const session = currentSession();
  if (!session) throw new Error('Sign in to add photos.');
  const photo = await resizePhoto(file);
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
