import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { HttpError } from '#server/http/http-error.ts';
import { hitRateLimit } from '#server/http/rate-limit.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import {
  VISIT_REQUEST_MESSAGES,
  visitRequestAnswerSchema,
  visitRequestInputSchema,
} from '#shared/visit-request-schemas.ts';
import { staffVisitRequestMail, visitRequestReceivedMail } from './visit-request-mails.ts';

const HOUR = 60 * 60_000;
/** The contact form's limit per client address. */
const PER_IP_PER_HOUR = 20;
/**
 * The confirmation goes to whatever address was typed, so one address gets at most this many a day
 * whatever the number of client addresses sending them (no mailbox flooding through our outbox).
 */
const PER_EMAIL_PER_DAY = 5;
const TOO_MANY = 'Too many requests. Please try again later.';

/**
 * POST /api/visit-requests/ (the landing hero's Schedule a Visit, /schedule-visit; the spec names
 * no path): checked with the shared schema, rate-limited like the contact form, stored for the
 * admin Inbox, and mailed to staff and (as a confirmation) to the visitor, all in one transaction.
 */
export async function visitRequestRoutes(app: FastifyInstance): Promise<void> {
  const { staffEmail, publicUrl } = app.config;

  const schema = {
    summary: 'Schedule a visit (the landing hero)',
    body: visitRequestInputSchema,
    response: { ...errorResponses, 201: visitRequestAnswerSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().post('/api/visit-requests/', { schema }, async (request, reply) => {
    const input = request.body;
    const withinLimits =
      (await hitRateLimit(app.db, `visit-request:ip:${request.ip}`, PER_IP_PER_HOUR, HOUR)) &&
      (await hitRateLimit(
        app.db,
        `visit-request:email:${input.email.toLowerCase()}`,
        PER_EMAIL_PER_DAY,
        24 * HOUR,
      ));
    if (!withinLimits) throw new HttpError(429, { detail: TOO_MANY, error: TOO_MANY });

    await app.db.transaction(async (tx) => {
      await tx.insert(visitRequests).values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        companyName: input.company_name,
        propertyAddress: input.property_address,
        numberOfUnits: input.number_of_units,
        preferredDate1: input.preferred_date_1,
        preferredTime1: input.preferred_time_1,
        preferredDate2: input.preferred_date_2 ?? null,
        preferredTime2: input.preferred_time_2 ?? null,
        notes: input.notes,
      });
      await enqueueMail(tx, staffVisitRequestMail(input, staffEmail, publicUrl));
      await enqueueMail(tx, visitRequestReceivedMail(input, publicUrl));
    });
    reply.code(201);
    return { message: VISIT_REQUEST_MESSAGES.sent };
  });
}
