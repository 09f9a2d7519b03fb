import { currentSession } from './offline-session.ts';
import { NoOfflineSessionError, type SubmitResult, submitThroughOutbox } from './outbox-api.ts';
import type { NewOutboxWrite } from './outbox-store.ts';
import { dropOrphanPhotos, type PhotoResizer, storePendingPhoto } from './photo-store.ts';
import type { OutboxPhotoField, UserDb } from './user-db.ts';

/** A picked photo and the multipart field it goes in (`photos` for requests and completions). */
export interface PhotoAttachment {
  field: string;
  file: File;
}

async function dropUnclaimed(db: UserDb, photos: readonly OutboxPhotoField[]): Promise<void> {
  const ids = photos.map((photo) => photo.photoId);
  await db.pendingPhotos
    .where('id')
    .anyOf(ids)
    .filter((photo) => photo.outboxKey === null)
    .delete()
    .catch(() => undefined);
}

/**
 * A write that carries photos (a request from the field, a completion). Each photo is resized and
 * stored in the field database first, so once the form says "saved" a closed app keeps them; then
 * the write goes through the outbox like a bid (`submitThroughOutbox`: `sent`, `refused` or
 * `queued`). If a photo cannot be read, or the write cannot be queued, the photos stored for it go.
 */
export async function submitWithPhotos(
  write: Omit<NewOutboxWrite, 'photos'>,
  attachments: readonly PhotoAttachment[],
  options: { resize?: PhotoResizer; waitMs?: number } = {},
): Promise<SubmitResult> {
  const session = currentSession();
  if (!session) throw new NoOfflineSessionError();
  await dropOrphanPhotos(session.db).catch(() => 0);
  const photos: OutboxPhotoField[] = [];
  try {
    for (const attachment of attachments) {
      photos.push(
        await storePendingPhoto(attachment.file, {
          field: attachment.field,
          requestId: write.requestId ?? null,
          ...(options.resize ? { resize: options.resize } : {}),
        }),
      );
    }
    return await submitThroughOutbox({ ...write, photos }, options.waitMs);
  } catch (error) {
    await dropUnclaimed(session.db, photos);
    throw error;
  }
}
