import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { maintenanceRequests as mr, requestPhotos } from '#server/db/schema/requests.ts';
import type { RequestRow } from '#server/request-core/lifecycle-access.ts';

export interface StoredCompletionPhoto {
  key: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The awarded vendor's "done": the request keeps its status with vendor_completed_at and the note,
 * and the photos already in storage are recorded as its completion photos. Answers the request.
 */
export async function recordVendorCompletion(
  tx: DbOrTx,
  completion: {
    requestId: number;
    note: string;
    photos: readonly StoredCompletionPhoto[];
    userId: number;
    at: Date;
  },
): Promise<RequestRow> {
  const { requestId, at } = completion;
  const [updated] = await tx
    .update(mr)
    .set({ vendorCompletedAt: at, completionNote: completion.note, updatedAt: at })
    .where(eq(mr.id, requestId))
    .returning();
  if (completion.photos.length > 0) {
    await tx.insert(requestPhotos).values(
      completion.photos.map((photo) => ({
        requestId,
        storageKey: photo.key,
        contentType: photo.contentType,
        sizeBytes: photo.sizeBytes,
        kind: 'completion' as const,
        uploadedById: completion.userId,
        createdAt: at,
      })),
    );
  }
  return updated!;
}
