import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { REQUEST_NOT_FOUND } from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import {
  acceptVisitInputSchema,
  cancelVisitInputSchema,
  counterVisitInputSchema,
  proposeVisitInputSchema,
  visitListSchema,
} from '#shared/visit-schemas.ts';
import { windowMoments } from '#shared/visit-times.ts';
import { jobParty, requireVisitStep, visitParty } from './visit-access.ts';
import { visitAnswer } from './visit-answer.ts';
import { agreedTime, mailOccupant, tellOtherSide, visitName } from './visit-notices.ts';
import { answerVisit, requireFutureWindows, visitCallOptions } from './visit-route-kit.ts';
import { JOB_NOT_IN_PROGRESS } from './visit-rules.ts';
import {
  insertVisit,
  nextVisitNumber,
  recordVisitEvent,
  requestVisits,
  updateVisit,
  visitDetails,
} from './visit-store.ts';

const who = (side: 'vendor' | 'manager') => (side === 'vendor' ? 'The vendor' : 'The property manager');
const times = (count: number) => (count === 1 ? '1 time' : `${count} times`);

/**
 * Arranging a job's visits (docs/decisions/job-visits.md): the list, a new proposal, accepting one
 * window, other windows (a counter, or a reschedule of a confirmed visit) and cancelling. The
 * request's managing side and its awarded vendor only; each change tells the other side.
 */
export async function visitScheduleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/requests/:id/visits/',
    {
      schema: {
        summary: "A job's visits with their history (its managing side and its awarded vendor)",
        params: idParamsSchema,
        response: { ...errorResponses, 200: visitListSchema },
      },
      preValidation: checkFirst(requireUser),
      config: { notFound: { detail: REQUEST_NOT_FOUND } },
    },
    async (request) => {
      const viewer = await loadViewer(app.db, requireUser(request));
      const party = await jobParty(app.db, viewer, request.params.id);
      const rows = await requestVisits(app.db, request.params.id);
      const { events, photoKeys } = await visitDetails(
        app.db,
        rows.map((row) => row.id),
      );
      const asker = {
        side: party.side,
        requestStatus: party.parties.row.status,
        timeZone: party.property.timeZone,
      };
      return {
        results: rows.map((row) =>
          visitAnswer(
            row,
            { events: events.get(row.id) ?? [], photoKeys: photoKeys.get(row.id) ?? [] },
            asker,
          ),
        ),
      };
    },
  );

  api.post(
    '/api/requests/:id/visits/',
    visitCallOptions('Propose a visit of the awarded job', proposeVisitInputSchema, 'request', 201),
    async (request, reply) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      const body = await app.db.transaction(async (tx) => {
        const party = await jobParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        const input = request.body;
        if (party.parties.row.status !== 'in_progress') {
          throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: JOB_NOT_IN_PROGRESS });
        }
        const now = new Date();
        requireFutureWindows(input.windows, party.property.timeZone, now);
        const visit = await insertVisit(tx, {
          requestId: party.parties.row.id,
          number: await nextVisitNumber(tx, party.parties.row.id),
          purpose: input.purpose,
          status: 'proposed',
          proposedBy: party.side,
          windows: input.windows,
          createdAt: now,
          updatedAt: now,
        });
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: 'proposed',
          actorId: user.id,
          actorRole: party.side,
          note: input.note ?? '',
          windows: input.windows,
          happenedAt: now,
          recordedAt: now,
        });
        await tellOtherSide(tx, party, party.side, {
          title: 'Visit proposed',
          message: `${who(party.side)} proposed ${times(input.windows.length)} for ${visitName(visit).toLowerCase()}. Please confirm one.`,
        });
        return answerVisit(tx, party, visit);
      });
      return reply.code(201).send(body);
    },
  );

  api.post(
    '/api/visits/:id/accept/',
    visitCallOptions(
      'Accept one of the times proposed for a visit (the side that did not propose)',
      acceptVisitInputSchema,
      'visit',
    ),
    async (request) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      return app.db.transaction(async (tx) => {
        const party = await visitParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        requireVisitStep('accept', party);
        const { timeZone } = party.property;
        const chosen = party.visit.windows[request.body.window];
        if (!chosen) {
          const detail = 'Choose one of the proposed times.';
          throw new HttpError(400, { errors: { window: [detail] }, detail });
        }
        const now = new Date();
        requireFutureWindows([chosen], timeZone, now, 'window');
        const { startsAt, endsAt } = windowMoments(chosen, timeZone);
        const visit = await updateVisit(
          tx,
          party.visit.id,
          { status: 'confirmed', windows: [chosen], startsAt, endsAt },
          now,
        );
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: 'accepted',
          actorId: user.id,
          actorRole: party.side,
          windows: [chosen],
          happenedAt: now,
          recordedAt: now,
        });
        const when = agreedTime(visit, timeZone);
        await tellOtherSide(tx, party, party.side, {
          title: 'Visit confirmed',
          message: `${visitName(visit)} is confirmed for ${when}.`,
        });
        await mailOccupant(tx, party, 'A maintenance visit is booked', [
          `A maintenance visit is booked for ${when}.`,
        ]);
        return answerVisit(tx, party, visit);
      });
    },
  );

  api.post(
    '/api/visits/:id/propose/',
    visitCallOptions(
      'Propose other times for a visit: a counter, or a reschedule of a confirmed visit',
      counterVisitInputSchema,
      'visit',
    ),
    async (request) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      return app.db.transaction(async (tx) => {
        const party = await visitParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        requireVisitStep('propose', party);
        const input = request.body;
        const { timeZone } = party.property;
        const now = new Date();
        requireFutureWindows(input.windows, timeZone, now);
        const before = party.visit;
        const reschedule = before.status === 'confirmed';
        const was = agreedTime(before, timeZone);
        const visit = await updateVisit(
          tx,
          before.id,
          {
            status: 'proposed',
            proposedBy: party.side,
            windows: input.windows,
            startsAt: null,
            endsAt: null,
          },
          now,
        );
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: reschedule ? 'rescheduled' : 'counter_proposed',
          actorId: user.id,
          actorRole: party.side,
          note: input.note ?? '',
          windows: input.windows,
          happenedAt: now,
          recordedAt: now,
        });
        await tellOtherSide(tx, party, party.side, {
          title: reschedule ? 'Visit rescheduled' : 'Visit proposed',
          message: reschedule
            ? `${who(party.side)} moved ${visitName(visit).toLowerCase()} (was ${was}) and proposed ${times(input.windows.length)}. Please confirm one.`
            : `${who(party.side)} proposed other times (${times(input.windows.length)}) for ${visitName(visit).toLowerCase()}. Please confirm one.`,
        });
        if (reschedule) {
          await mailOccupant(tx, party, 'A maintenance visit is being moved', [
            `The maintenance visit booked for ${was} is being moved. You will hear the new time once it is agreed.`,
          ]);
        }
        return answerVisit(tx, party, visit);
      });
    },
  );

  api.post(
    '/api/visits/:id/cancel/',
    visitCallOptions(
      'Cancel a visit (either side, until the vendor sets off)',
      cancelVisitInputSchema,
      'visit',
    ),
    async (request) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      return app.db.transaction(async (tx) => {
        const party = await visitParty(tx, viewer, request.params.id, true);
        requireValidBody(request);
        requireVisitStep('cancel', party);
        const reason = request.body.reason ?? '';
        const now = new Date();
        const before = party.visit;
        const visit = await updateVisit(tx, before.id, { status: 'cancelled' }, now);
        await recordVisitEvent(tx, {
          visitId: visit.id,
          event: 'cancelled',
          actorId: user.id,
          actorRole: party.side,
          note: reason,
          happenedAt: now,
          recordedAt: now,
        });
        await tellOtherSide(tx, party, party.side, {
          title: 'Visit cancelled',
          message: `${who(party.side)} cancelled ${visitName(visit).toLowerCase()}.${reason === '' ? '' : ` Reason: ${reason}`}`,
        });
        // The occupant heard of a confirmed visit only.
        if (before.status === 'confirmed') {
          await mailOccupant(tx, party, 'A maintenance visit is cancelled', [
            `The maintenance visit booked for ${agreedTime(before, party.property.timeZone)} is cancelled.`,
          ]);
        }
        return answerVisit(tx, party, visit);
      });
    },
  );
}
