import { z } from 'zod';
import { lineText, multilineText } from './text-fields.ts';

const REQUIRED = 'This field is required.';
const INVALID_EMAIL = 'Enter a valid email address.';

const required = (max: number) => lineText(max, { error: REQUIRED }).min(1, REQUIRED);
const email = lineText(254, { error: REQUIRED }).min(1, REQUIRED).pipe(z.email(INVALID_EMAIL));

/** Request a Demo dialog (public spec, sections 3 and 5: all fields required, email of email type). */
export const demoRequestInputSchema = z.object({ email, company_name: required(200) });
export type DemoRequestInput = z.infer<typeof demoRequestInputSchema>;

/** The longest contact message, in code points. */
export const MAX_CONTACT_MESSAGE = 5000;

/** Footer contact form, POST /api/contact. */
export const contactMessageInputSchema = z.object({
  name: required(200),
  email,
  phone: required(40),
  message: multilineText(MAX_CONTACT_MESSAGE, { error: REQUIRED }).min(1, REQUIRED),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const DEMO_REQUEST_MESSAGE =
  'Your demo request has been submitted. If approved, our team will email you with a link to your demo shortly!';
export const CONTACT_MESSAGE = "Your message has been sent. We'll get back to you soon!";

/** The landing forms' field rules and messages, shared with Schedule a Visit (visit-request-schemas.ts). */
export const landingFormFields = { required, email, REQUIRED, INVALID_EMAIL } as const;
