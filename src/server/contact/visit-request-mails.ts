import type { NewMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { formatVisitChoice, type VisitRequestValues } from '#shared/visit-request-schemas.ts';

/** The preferred times as lines: the first choice, then the second if the visitor gave one. */
function choiceLines(input: VisitRequestValues): string[] {
  const lines = [`First choice: ${formatVisitChoice(input.preferred_date_1, input.preferred_time_1)}`];
  if (input.preferred_date_2 && input.preferred_time_2) {
    lines.push(`Second choice: ${formatVisitChoice(input.preferred_date_2, input.preferred_time_2)}`);
  }
  return lines;
}

/** To staff (STAFF_EMAIL), like a contact message: everything the visitor sent, and the Inbox tab. */
export function staffVisitRequestMail(
  input: VisitRequestValues,
  staffEmail: string,
  publicUrl: string,
): NewMail {
  return {
    to: staffEmail,
    template: 'staff_visit_request',
    ...renderMail({
      subject: `FieldBid visit request from ${input.company_name}`,
      paragraphs: [
        'A visitor asked to schedule a visit on the FieldBid website.',
        `Name: ${input.name}`,
        `Company: ${input.company_name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone}`,
        `Property: ${input.property_address} (${input.number_of_units} units)`,
        ...choiceLines(input),
        ...(input.notes ? [`Notes:\n${input.notes}`] : []),
      ],
      action: { label: 'Open the visit requests', url: `${publicUrl}/admin/inbox?tab=visit-requests` },
    }),
  };
}

/** To the visitor: what we received and that a person will confirm the time. */
export function visitRequestReceivedMail(input: VisitRequestValues, publicUrl: string): NewMail {
  return {
    to: input.email,
    template: 'visit_request_received',
    ...renderMail({
      subject: 'We received your visit request',
      paragraphs: [
        `Hello ${input.name},`,
        `Thank you for asking us to visit ${input.property_address}. Our team will contact you to confirm a time.`,
        ...choiceLines(input),
        // The outbox sends from a no-reply address: changes go through the contact form.
        'If anything changes, send us a message through the contact form on our website.',
      ],
      action: { label: 'Contact FieldBid', url: `${publicUrl}/#contact-us` },
    }),
  };
}
