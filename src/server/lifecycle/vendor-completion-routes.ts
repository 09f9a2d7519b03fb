import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import { notify } from '#server/notifications/notify.ts';
import {
  lifecycleBody,
  loadParties,
  REQUEST_NOT_FOUND,
  recordStep,
  requireRole,
  requireTransition,
  roleOf,
} from '#server/request-core/lifecycle-access.ts';
import { requestManagerIds } from '#server/request-core/request-managers.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { requestNumber } from '#shared/display-names.ts';
import { MAX_COMPLETION_PHOTO_BYTES, MAX_COMPLETION_PHOTOS } from '#shared/lifecycle-schemas.ts';
import { completionFormSchema } from '#shared/photo-forms.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { lifecycleAnswerSchema } from '#shared/request-responses.ts';
import { recordVendorCompletion } from './completion-store.ts';
import { readCompletionUpload } from './completion-upload.ts';

/**
 * POST /api/requests/{id}/complete/: the awarded vendor says the job is done, with a note and
 * photos (kind `completion`). The request stays In Progress with vendor_completed_at until the
 * manager confirms or sends it back; the managing side (requestManagerIds) is told.
 *
 * Replayable with an Idempotency-Key (the offline outbox sends it): the key binds the note and each
 * photo's SHA-256, and a replay answers the first answer without storing files or writing rows.
 */
export async function vendorCompletionRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: only this call takes photos here.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_COMPLETION_PHOTO_BYTES, files: MAX_COMPLETION_PHOTOS, fields: 5 },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Mark the awarded job complete, with a note and photos (replayable with an Idempotency-Key)',
    params: idParamsSchema,
    formBody: completionFormSchema,
    consumes: ['multipart/form-data', 'application/json'],
    response: { ...errorResponses, 200: lifecycleAnswerSchema },
  };
  const options = {
    schema,
    preValidation: checkFirst(requireUser),
    config: { notFound: { detail: REQUEST_NOT_FOUND } },
  };
  api.post('/api/requests/:id/complete/', options, async (request, reply) => {
    const user = requireUser(request);
    const id = request.params.id;
    const viewer = await loadViewer(app.db, user);
    // Who may act is checked before the upload is read (a stranger's photos are never read). The
    // state is checked only under the lock: a replay of a completion that went through must get its
    // first answer, not "already marked complete".
    const before = await loadParties(app.db, id);
    requireRole('mark_complete', roleOf(viewer, before));
    const upload = await readCompletionUpload(app, request);

    return idempotentWrite(
      request,
      reply,
      async (tx) => {
        const parties = await loadParties(tx, id, true);
        const role = roleOf(viewer, parties);
        requireRole('mark_complete', role);
        const { to } = requireTransition('mark_complete', parties.row);
        // Files are stored only once the step is allowed, inside the write: a replayed key never
        // reaches here, so it stores no second copy.
        const stored = upload.photos.map((photo) => ({
          ...photo,
          key: `requests/${id}/completion/${randomBytes(16).toString('hex')}.${EXTENSIONS[photo.contentType]}`,
        }));
        try {
          for (const photo of stored) await app.files.put(photo.key, photo.body, photo.contentType);
          const now = new Date();
          const updated = await recordVendorCompletion(tx, {
            requestId: id,
            note: upload.note,
            photos: stored.map((photo) => ({
              key: photo.key,
              contentType: photo.contentType,
              sizeBytes: photo.body.length,
            })),
            userId: user.id,
            at: now,
          });
          await recordStep(tx, {
            requestId: id,
            event: 'vendor_completed',
            from: parties.row.status,
            to,
            userId: user.id,
            note: upload.note,
            at: now,
          });
          // The managing side confirms: the client's managers, not whoever raised the request.
          const managerIds = await requestManagerIds(tx, {
            createdById: parties.row.createdById,
            projectClientId: parties.projectClientId,
          });
          await notify(
            tx,
            managerIds.map((userId) => ({
              userId,
              kind: 'request_status' as const,
              title: 'Job marked complete',
              message: `The vendor marked request ${requestNumber(id)} complete. Please review and confirm.`,
              relatedRequestId: id,
            })),
          );
          return { status: 200, body: lifecycleBody(updated, role) };
        } catch (error) {
          // The rows roll back; nothing references the photos of a failed step.
          await Promise.all(stored.map((photo) => app.files.delete(photo.key).catch(() => {})));
          throw error;
        }
      },
      { payload: upload.payload },
    );
  });
}
