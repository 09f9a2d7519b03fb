import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEvent } from 'ics';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { requestLabel } from '#shared/display-names.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { VISIT_PURPOSE_LABELS } from '#shared/visit-schemas.ts';
import { VISIT_NOT_FOUND, type VisitParty, visitParty } from './visit-access.ts';

/** The visit as one iCalendar event, its UID stable across reschedules so a calendar updates it. */
function visitCalendar(party: VisitParty, host: string): string {
  const { visit, parties, property } = party;
  const { error, value } = createEvent({
    productId: 'fieldbid/visits',
    uid: `visit-${visit.id}@${host}`,
    start: visit.startsAt!.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: visit.endsAt!.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `FieldBid: ${requestLabel(parties.row.id)} (${parties.row.type})`,
    description: `${VISIT_PURPOSE_LABELS[visit.purpose]}, visit ${visit.number}.`,
    location: property.address,
    status: 'CONFIRMED',
  });
  if (error || value === null) throw new HttpError(500, { detail: 'The calendar file could not be made.' });
  return value;
}

/**
 * GET /api/visits/{id}/calendar.ics: a confirmed (or done) visit as a calendar file, for the job's
 * managing side and its awarded vendor. Anyone else, and a visit not agreed, get the same 404.
 */
export async function visitCalendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const host = new URL(app.config.publicUrl).host;
  api.get(
    '/api/visits/:id/calendar.ics',
    {
      schema: {
        summary: "A confirmed visit as an iCalendar file (the job's managing side and its awarded vendor)",
        params: idParamsSchema,
        response: { ...errorResponses, 200: fileDownload('The visit as one event', ['text/calendar']) },
      },
      preValidation: checkFirst(requireUser),
      config: { notFound: { detail: VISIT_NOT_FOUND } },
    },
    async (request, reply) => {
      const viewer = await loadViewer(app.db, requireUser(request));
      const party = await visitParty(app.db, viewer, request.params.id).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 403) throw notFound(VISIT_NOT_FOUND);
        throw error;
      });
      const { visit } = party;
      const agreed = visit.status === 'confirmed' || visit.status === 'done';
      if (!agreed || visit.startsAt === null || visit.endsAt === null) throw notFound(VISIT_NOT_FOUND);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="visit-${visit.id}.ics"`)
        .header('cache-control', 'private, no-cache')
        .send(visitCalendar(party, host));
    },
  );
}
