import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { idempotentWrite } from '#server/idempotency/idempotent-write.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { requestNumber } from '#shared/display-names.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import {
  arrivedInputSchema,
  MAX_VISIT_PHOTO_BYTES,
  MAX_VISIT_PHOTOS,
  onMyWayInputSchema,
  visitSchema,
} from '#shared/visit-schemas.ts';
import { clockTimeInZone } from '#shared/visit-times.ts';
import { arrivalDistanceM } from './arrival-distance.ts';
import { requireSideMay, requireVisitStep, VISIT_NOT_FOUND, visitParty } from './visit-access.ts';
import { leftFormSchema, readLeftUpload } from './visit-left-upload.ts';
import { mailOccupant, tellOtherSide } from './visit-notices.ts';
import { answerVisit, visitCallOptions } from './visit-route-kit.ts';
import { insertVisitPhotos, recordVisitEvent, updateVisit } from './visit-store.ts';

const MINUTE_MS = 60_000;

/**
 * The day of a visit: On my way (optional), Arrived and Left, the awarded vendor's, on a confirmed
 * visit. Each is replayable with an Idempotency-Key (the offline outbox sends it with the phone's
 * `at`): a replay answers the first answer and writes nothing. Who may act is checked before the
 * body or upload is read; the visit's state only under its lock, so a replay of a step that went
 * through gets its first answer, not "already done".
 */
export async function visitDayRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: only Left takes photos here.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_VISIT_PHOTO_BYTES, files: MAX_VISIT_PHOTOS, fields: 5 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/visits/:id/on-my-way/',
    visitCallOptions(
      'The vendor sets off to a confirmed visit, with the minutes until arrival (replayable with an Idempotency-Key)',
      onMyWayInputSchema,
      'visit',
    ),
    async (request, reply) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      requireSideMay('on_my_way', (await visitParty(app.db, viewer, request.params.id)).side);
      return idempotentWrite(request, reply, async (tx) => {
        const party = await visitParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        requireVisitStep('on_my_way', party);
        const input = request.body;
        const at = new Date(input.at);
        const now = new Date();
        const visit = await updateVisit(
          tx,
          party.visit.id,
          { onMyWayAt: at, etaMinutes: input.eta_minutes },
          now,
        );
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: 'on_my_way',
          actorId: user.id,
          actorRole: 'vendor',
          happenedAt: at,
          recordedAt: now,
        });
        const arrival = clockTimeInZone(
          new Date(at.getTime() + input.eta_minutes * MINUTE_MS),
          party.property.timeZone,
        );
        await tellOtherSide(tx, party, 'vendor', {
          title: 'Vendor on the way',
          message: `The vendor is on the way to request ${requestNumber(visit.requestId)} and expects to arrive around ${arrival}.`,
        });
        await mailOccupant(tx, party, 'Your maintenance vendor is on the way', [
          `The vendor is on the way and expects to arrive around ${arrival}.`,
        ]);
        return { status: 200, body: await answerVisit(tx, party, visit) };
      });
    },
  );

  api.post(
    '/api/visits/:id/arrived/',
    visitCallOptions(
      'The vendor checks in at a confirmed visit, optionally with a position that only the distance is kept of (replayable with an Idempotency-Key)',
      arrivedInputSchema,
      'visit',
    ),
    async (request, reply) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      requireSideMay('arrived', (await visitParty(app.db, viewer, request.params.id)).side);
      return idempotentWrite(request, reply, async (tx) => {
        const party = await visitParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        requireVisitStep('arrived', party);
        const { latitude, longitude } = request.body;
        const at = new Date(request.body.at);
        const now = new Date();
        const property = party.property;
        const distance =
          latitude !== undefined &&
          longitude !== undefined &&
          property.latitude !== null &&
          property.longitude !== null
            ? arrivalDistanceM(
                { latitude, longitude },
                { latitude: property.latitude, longitude: property.longitude },
              )
            : null;
        const visit = await updateVisit(
          tx,
          party.visit.id,
          { arrivedAt: at, arrivalDistanceM: distance },
          now,
        );
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: 'arrived',
          actorId: user.id,
          actorRole: 'vendor',
          happenedAt: at,
          recordedAt: now,
        });
        await tellOtherSide(tx, party, 'vendor', {
          title: 'Vendor arrived',
          message: `The vendor checked in at request ${requestNumber(visit.requestId)} at ${clockTimeInZone(at, property.timeZone)}.`,
        });
        return { status: 200, body: await answerVisit(tx, party, visit) };
      });
    },
  );

  api.post(
    '/api/visits/:id/left/',
    {
      schema: {
        summary:
          'The vendor leaves a visit, with a note, whether another visit is needed and photos (replayable with an Idempotency-Key)',
        params: idParamsSchema,
        formBody: leftFormSchema,
        consumes: ['multipart/form-data', 'application/json'],
        response: { ...errorResponses, 200: visitSchema },
      },
      preValidation: checkFirst(requireUser),
      config: { notFound: { detail: VISIT_NOT_FOUND } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = request.params.id;
      const viewer = await loadViewer(app.db, user);
      // A stranger's photos are never read.
      requireSideMay('left', (await visitParty(app.db, viewer, id)).side);
      const upload = await readLeftUpload(app, request);
      return idempotentWrite(
        request,
        reply,
        async (tx) => {
          const party = await visitParty(tx, viewer, id, true);
          requireVisitStep('left', party);
          const requestId = party.visit.requestId;
          // Stored only once the step is allowed, inside the write: a replayed key never gets here.
          const stored = upload.photos.map((photo) => ({
            ...photo,
            key: `requests/${requestId}/visits/${id}/${randomBytes(16).toString('hex')}.${EXTENSIONS[photo.contentType]}`,
          }));
          try {
            for (const photo of stored) await app.files.put(photo.key, photo.body, photo.contentType);
            const at = new Date(upload.at);
            const now = new Date();
            const note = upload.note ?? '';
            const visit = await updateVisit(
              tx,
              id,
              { status: 'done', leftAt: at, leftNote: note, anotherVisitNeeded: upload.another_visit_needed },
              now,
            );
            await insertVisitPhotos(
              tx,
              id,
              stored.map((photo) => ({
                key: photo.key,
                contentType: photo.contentType,
                sizeBytes: photo.body.length,
              })),
              now,
            );
            await recordVisitEvent(tx, {
              visitId: id,
              event: 'left',
              actorId: user.id,
              actorRole: 'vendor',
              note,
              happenedAt: at,
              recordedAt: now,
            });
            const next = upload.another_visit_needed ? ' Another visit is needed.' : '';
            await tellOtherSide(tx, party, 'vendor', {
              title: 'Vendor left',
              message: `The vendor left request ${requestNumber(requestId)} at ${clockTimeInZone(at, party.property.timeZone)}.${next}`,
            });
            return { status: 200, body: await answerVisit(tx, party, visit) };
          } catch (error) {
            // The rows roll back; nothing references the photos of a failed step.
            await Promise.all(stored.map((photo) => app.files.delete(photo.key).catch(() => {})));
            throw error;
          }
        },
        { payload: upload.payload },
      );
    },
  );
}
