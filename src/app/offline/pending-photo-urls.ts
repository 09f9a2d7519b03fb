import { useEffect, useState } from 'react';
import { useUserDbQuery } from './outbox-hooks.ts';
import type { OutboxItem, PendingPhoto } from './user-db.ts';

const NONE: PendingPhoto[] = [];

/**
 * Object URLs of the photos a waiting write carries (Blobs in the field database), to show them as
 * thumbnails before the server has them. The URLs are revoked when the photos change or the screen
 * goes away.
 */
export function usePendingPhotoUrls(item: OutboxItem | undefined): Array<{ id: number; url: string }> {
  const ids = item?.photos.map((photo) => photo.photoId) ?? [];
  const idsKey = ids.join(',');
  const photos = useUserDbQuery(
    async (db) =>
      ids.length === 0 ? NONE : (await db.pendingPhotos.bulkGet(ids)).filter((p) => p !== undefined),
    NONE,
    [idsKey],
  );
  const [urls, setUrls] = useState<Array<{ id: number; url: string }>>([]);
  useEffect(() => {
    const made = photos.map((photo) => ({ id: photo.id, url: URL.createObjectURL(photo.blob) }));
    setUrls(made);
    return () => {
      for (const entry of made) URL.revokeObjectURL(entry.url);
    };
  }, [photos]);
  return urls;
}
