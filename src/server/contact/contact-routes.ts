import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { HttpError } from '#server/http/http-error.ts';
import { hitRateLimit } from '#server/http/rate-limit.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import {
  CONTACT_MESSAGE,
  contactMessageInputSchema,
  DEMO_REQUEST_MESSAGE,
  demoRequestInputSchema,
  MAX_CONTACT_MESSAGE,
} from '#shared/contact-schemas.ts';
import { messageAnswerSchema } from '#shared/response-fields.ts';

const PER_IP_PER_HOUR = 20;
const TOO_MANY = 'Too many requests. Please try again later.';

/**
 * The landing page's Request a Demo dialog and footer contact form (public spec, sections 2, 3, 7):
 * stored for the admin site and mailed to staff through the outbox, in one transaction.
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  // The contact form posts multipart form-data; the parser lives in this plugin's scope only.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    // busboy cuts a longer field silently, so the limit sits above the longest valid message in
    // UTF-8 (4 bytes a code point): a cut value is always over the schema's maximum and refused.
    limits: { fileSize: 0, files: 0, fields: 10, fieldSize: 4 * MAX_CONTACT_MESSAGE + 4 },
  });
  const { staffEmail, publicUrl } = app.config;

  const limit = async (ip: string, action: string) => {
    if (!(await hitRateLimit(app.db, `${action}:ip:${ip}`, PER_IP_PER_HOUR, 60 * 60_000))) {
      throw new HttpError(429, { detail: TOO_MANY, error: TOO_MANY });
    }
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { ...errorResponses, 201: messageAnswerSchema };

  const demoSchema = {
    summary: 'Ask for a demo (the landing page)',
    body: demoRequestInputSchema,
    response,
  };
  api.post('/api/demo-requests/', { schema: demoSchema }, async (request, reply) => {
    const input = request.body;
    await limit(request.ip, 'demo-request');
    await app.db.transaction(async (tx) => {
      await tx.insert(demoRequests).values({ email: input.email, companyName: input.company_name });
      await enqueueMail(tx, {
        to: staffEmail,
        template: 'staff_demo_request',
        ...renderMail({
          subject: `FieldBid demo request from ${input.company_name}`,
          paragraphs: [
            'A visitor asked for a demo on the FieldBid landing page.',
            `Company: ${input.company_name}`,
            `Email: ${input.email}`,
          ],
          action: { label: 'Review demo requests', url: `${publicUrl}/admin/` },
        }),
      });
    });
    reply.code(201);
    return { message: DEMO_REQUEST_MESSAGE };
  });

  const contactSchema = {
    summary: 'Send a message to the FieldBid team (the footer contact form)',
    body: contactMessageInputSchema,
    consumes: ['multipart/form-data', 'application/json'],
    response,
  };
  api.post('/api/contact', { schema: contactSchema }, async (request, reply) => {
    const input = request.body;
    await limit(request.ip, 'contact');
    await app.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(input);
      await enqueueMail(tx, {
        to: staffEmail,
        template: 'staff_contact_message',
        ...renderMail({
          subject: `FieldBid contact message from ${input.name}`,
          paragraphs: [
            'A visitor sent a message from the FieldBid contact form.',
            `Name: ${input.name}`,
            `Email: ${input.email}`,
            `Phone: ${input.phone}`,
            `Message:\n${input.message}`,
          ],
          action: { label: 'Open the admin site', url: `${publicUrl}/admin/` },
        }),
      });
    });
    reply.code(201);
    return { message: CONTACT_MESSAGE };
  });
}
