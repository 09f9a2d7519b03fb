import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isStaff, requireUserType } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { parseInput } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { fieldsAsPayload, readPhotoUpload, type UploadedPhoto } from '#server/uploads/photo-upload.ts';
import { confirmationNumber } from '#shared/confirmation-number.ts';
import { PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import { requestFormSchema } from '#shared/photo-forms.ts';
import { createdRequestSchema } from '#shared/request-responses.ts';
import {
  type CreatedRequest,
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_MESSAGES,
  requestInputSchema,
} from '#shared/request-schemas.ts';
import { loadInvitedVendors } from './invited-vendors.ts';
import { notifyRequestRaised } from './request-notices.ts';
import { PROPERTY_BEFORE_PHOTOS, requireRequestTarget, resolveRequestPlace } from './request-property.ts';
import { checkSpot, insertSpot } from './request-spot-store.ts';
import { authorName, insertRequest, reserveRequestId } from './request-store.ts';

const requireAuthor = (request: FastifyRequest) => requireUserType(request, 'vendor', 'property_manager');

/** A vendor reporting work found on site (not staff, who are the managing side everywhere). */
const isVendorReport = (user: UserRow) => user.type === 'vendor' && !isStaff(user);

/**
 * POST /api/requests/ (signed-in spec, sections 3, 5 and 7): a manager's request from the dashboard
 * dialog (JSON, or multipart with photos) or a vendor's report of work found on site (multipart).
 * Replayable with an Idempotency-Key: the key binds the fields and each photo's SHA-256. In
 * multipart the property comes before the photos, and is checked before a photo is read.
 *
 * A vendor's report is held for the client's managers (src/shared/request-visibility.ts): whom to
 * let in is theirs to decide, as its plan excerpt shows their property's documentation. The form's
 * invite_all and vendors are read (the spec's form sends them) but not applied: the report is stored
 * closed to other vendors and uninvited, and the answer says so (invite_all false, vendors [],
 * is_open_to_vendors false). A manager opens it (POST /api/requests/{id}/open/) or invites vendors.
 */
export async function requestCreateRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin. One file over the count is let through so the count gets its own message.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_REQUEST_PHOTO_BYTES, files: MAX_REQUEST_PHOTOS + 1, fields: 200, parts: 250 },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary:
      'Raise a maintenance request (JSON, or multipart with photos; replayable with an Idempotency-Key)',
    // Read by the handler itself (JSON or multipart): a form for the document only.
    formBody: requestFormSchema,
    consumes: ['multipart/form-data', 'application/json'],
    response: { ...errorResponses, 201: createdRequestSchema },
  };
  api.post('/api/requests/', { schema, preValidation: checkFirst(requireAuthor) }, async (request, reply) => {
    const user = requireAuthor(request);
    const upload = request.isMultipart()
      ? await readPhotoUpload(app, request, {
          field: 'photos',
          maxFiles: MAX_REQUEST_PHOTOS,
          pixels: PHOTO_PIXEL_LIMIT,
          messages: REQUEST_PHOTO_MESSAGES,
          gate: {
            fields: ['property_id', 'project_id'],
            lateMessage: PROPERTY_BEFORE_PHOTOS,
            check: (fields) => requireRequestTarget(app.db, user, fields),
          },
        })
      : null;
    const payload = upload ? fieldsAsPayload(upload.fields, ['vendors']) : request.body;
    const photos: UploadedPhoto[] = upload?.photos ?? [];

    const sent = await idempotentWrite(
      request,
      reply,
      async (tx) => {
        const sent = parseInput(requestInputSchema, payload);
        const place = await resolveRequestPlace(tx, user, sent.property_id, sent.unit_id);
        const openToVendors = !isVendorReport(user);
        const input = openToVendors ? sent : { ...sent, invite_all: false, vendors: [] };
        const vendors = await loadInvitedVendors(tx, user, input.vendors);
        const spot = input.spot ? await checkSpot(tx, place.project.id, input.spot) : null;
        // The photos go to storage before any row is written: inserting the request takes the
        // request-list generation and counter rows (migration 0008) until commit, and every other
        // request write on every process would queue behind a slow upload. The id is reserved first
        // because the photos' keys carry it.
        const requestId = await reserveRequestId(tx);
        const stored = photos.map((photo) => ({
          ...photo,
          key: `requests/${requestId}/photos/${randomBytes(16).toString('hex')}.${EXTENSIONS[photo.contentType]}`,
        }));
        try {
          for (const photo of stored) await app.files.put(photo.key, photo.body, photo.contentType);
          const { created, photos: photoRows } = await insertRequest(tx, {
            id: requestId,
            createdById: user.id,
            projectId: place.project.id,
            unitId: place.unit?.id ?? null,
            input,
            invitedVendorIds: vendors.map((vendor) => vendor.id),
            openToVendors,
            photos: stored.map((photo) => ({
              key: photo.key,
              contentType: photo.contentType,
              sizeBytes: photo.body.length,
            })),
          });
          if (spot) await insertSpot(tx, created.id, spot);
          await notifyRequestRaised(tx, user, {
            id: created.id,
            type: created.type,
            authorName: await authorName(tx, user.id),
            inviteAll: created.inviteAll,
            invitedVendorIds: vendors.map((vendor) => vendor.id),
            openToVendors,
            project: place.project,
          });
          const body: CreatedRequest = {
            id: created.id,
            confirmation_number: confirmationNumber(created.id),
            type: created.type,
            description: created.description,
            status: created.status,
            priority: created.priority,
            timeframe: created.timeframe,
            date: created.createdAt.toISOString().slice(0, 10),
            property: place.project.name,
            property_id: place.project.id,
            unit: place.unit?.number ?? null,
            unit_id: place.unit?.id ?? null,
            vendors,
            invite_all: created.inviteAll,
            areas_affected: created.areasAffected,
            bid_deadline: created.bidDeadline?.toISOString() ?? null,
            photos: photoRows.map((photo) => ({ id: photo.id, url: `/api/files/${photo.key}` })),
            is_open_to_vendors: openToVendors,
            spot,
          };
          return { status: 201, body };
        } catch (error) {
          // The rows roll back; the files must go too.
          await Promise.all(stored.map((photo) => app.files.delete(photo.key).catch(() => {})));
          throw error;
        }
      },
      upload ? { payload: upload.canonical } : {},
    );
    // The vendors a new request reaches are told by the announcement job (after the commit).
    if (reply.statusCode === 201) app.wakeNewJobAnnouncements();
    return sent;
  });
}
