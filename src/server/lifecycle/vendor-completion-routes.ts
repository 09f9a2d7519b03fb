import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MAX_COMPLETION_PHOTO_BYTES, MAX_COMPLETION_PHOTOS } from '#shared/lifecycle-schemas.ts';
import { requireUser } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { maintenanceRequests as mr, requestPhotos } from '../db/schema/requests.ts';
import { notify } from '../notifications/notify.ts';
import { loadViewer } from '../requests/request-viewer.ts';
import { EXTENSIONS } from '../storage/content-type.ts';
import { readCompletionUpload } from './completion-upload.ts';
import {
  lifecycleBody,
  loadParties,
  parseRequestId,
  recordStep,
  requireRole,
  requireTransition,
  roleOf,
} from './lifecycle-access.ts';

/**
 * POST /api/requests/{id}/complete/: the awarded vendor says the job is done, with a note and
 * photos (kind `completion`). The request stays In Progress with vendor_completed_at until the
 * manager confirms or sends it back; the request's creator is told.
 */
export async function vendorCompletionRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: only this call takes photos here.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_COMPLETION_PHOTO_BYTES, files: MAX_COMPLETION_PHOTOS, fields: 5 },
  });

  app.post<{ Params: { id: string } }>('/api/requests/:id/complete/', async (request) => {
    const user = requireUser(request);
    const id = parseRequestId(request.params.id);
    const viewer = await loadViewer(app.db, user);
    // Checked before the upload is read (no files stored for a refused call), and again under the lock.
    const before = await loadParties(app.db, id);
    requireRole('mark_complete', roleOf(viewer, before));
    const upload = await readCompletionUpload(app, request);
    requireTransition('mark_complete', before.row);

    const stored = upload.photos.map((photo) => ({
      ...photo,
      key: `requests/${id}/completion/${randomBytes(16).toString('hex')}.${EXTENSIONS[photo.contentType]}`,
    }));
    for (const photo of stored) await app.files.put(photo.key, photo.body, photo.contentType);
    try {
      return await app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const parties = await loadParties(tx, id, true);
        const role = roleOf(viewer, parties);
        requireRole('mark_complete', role);
        const { to } = requireTransition('mark_complete', parties.row);
        const now = new Date();
        const [updated] = await tx
          .update(mr)
          .set({ vendorCompletedAt: now, completionNote: upload.note, updatedAt: now })
          .where(eq(mr.id, id))
          .returning();
        if (stored.length > 0) {
          await tx.insert(requestPhotos).values(
            stored.map((photo) => ({
              requestId: id,
              storageKey: photo.key,
              contentType: photo.contentType,
              sizeBytes: photo.body.length,
              kind: 'completion' as const,
              uploadedById: user.id,
              createdAt: now,
            })),
          );
        }
        await recordStep(tx, {
          requestId: id,
          event: 'vendor_completed',
          from: parties.row.status,
          to,
          userId: user.id,
          note: upload.note,
          at: now,
        });
        await notify(tx, [
          {
            userId: parties.row.createdById,
            kind: 'request_status',
            title: 'Job marked complete',
            message: `The vendor marked request #${id} complete. Please review and confirm.`,
            relatedRequestId: id,
          },
        ]);
        return lifecycleBody(updated!, role);
      });
    } catch (error) {
      // Nothing references the photos of a refused or failed step.
      await Promise.all(stored.map((photo) => app.files.delete(photo.key).catch(() => {})));
      throw error;
    }
  });
}
