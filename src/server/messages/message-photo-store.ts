import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { messagePhotos } from '#server/db/schema/message-photos.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { UploadedPhoto } from '#server/uploads/photo-upload.ts';
import type { Message } from '#shared/message-schemas.ts';
import { messagePhotoUrl } from './message-store.ts';
import type { ThreadAccess } from './message-thread.ts';

/** A message photo in the file store, with the id its row will have. */
export interface StoredMessagePhoto extends UploadedPhoto {
  id: number;
  key: string;
}

/** Photos live under their thread: `messages/<request>/<vendor>/<random>.<ext>`. */
const photoKey = (access: ThreadAccess, photo: UploadedPhoto) =>
  `messages/${access.requestId}/${access.vendorId}/${randomBytes(16).toString('hex')}.${EXTENSIONS[photo.contentType]}`;

/**
 * Puts a message's photos into the file store before any row names them, each with its row's id
 * drawn first, so the message and its real-time event can link them in the statement that writes
 * the message. On any failure the files already put are deleted and the error rethrown.
 */
export async function storeMessagePhotos(
  tx: Db,
  files: FileStore,
  access: ThreadAccess,
  photos: readonly UploadedPhoto[],
): Promise<StoredMessagePhoto[]> {
  if (photos.length === 0) return [];
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('message_photos', 'id'))::int as id from generate_series(1, ${photos.length}::int)`,
  );
  const stored = photos.map((photo, position) => ({
    ...photo,
    id: Number(ids[position]!.id),
    key: photoKey(access, photo),
  }));
  try {
    for (const photo of stored) await files.put(photo.key, photo.body, photo.contentType);
  } catch (error) {
    await deleteStoredPhotos(files, stored);
    throw error;
  }
  return stored;
}

/** The photos as answers link them. */
export const photoLinks = (stored: readonly StoredMessagePhoto[]): Message['photos'] =>
  stored.map((photo) => ({ id: photo.id, url: messagePhotoUrl(photo.key) }));

/** Records the stored photos as the message's, in the order attached. */
export async function insertMessagePhotos(
  tx: Db,
  messageId: number,
  access: ThreadAccess,
  stored: readonly StoredMessagePhoto[],
): Promise<void> {
  if (stored.length === 0) return;
  await tx.insert(messagePhotos).values(
    stored.map((photo, position) => ({
      id: photo.id,
      messageId,
      requestId: access.requestId,
      vendorId: access.vendorId,
      position,
      storageKey: photo.key,
      contentType: photo.contentType,
      sizeBytes: photo.body.length,
      width: photo.width,
      height: photo.height,
    })),
  );
}

/** Files of a write that did not commit: nothing references them. */
export async function deleteStoredPhotos(files: FileStore, stored: readonly StoredMessagePhoto[]) {
  await Promise.all(stored.map((photo) => files.delete(photo.key).catch(() => {})));
}
