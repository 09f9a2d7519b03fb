import { z } from 'zod';

const REQUIRED = 'This field is required.';
const INVALID_EMAIL = 'Enter a valid email address.';

const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);
const email = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254).pipe(z.email(INVALID_EMAIL));

/** Request a Demo dialog (public spec, sections 3 and 5: all fields required, email of email type). */
export const demoRequestInputSchema = z.object({ email, company_name: required(200) });
export type DemoRequestInput = z.infer<typeof demoRequestInputSchema>;

/** Footer contact form, POST /api/contact. */
export const contactMessageInputSchema = z.object({
  name: required(200),
  email,
  phone: required(40),
  message: required(5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const DEMO_REQUEST_MESSAGE =
  'Your demo request has been submitted. If approved, our team will email you with a link to your demo shortly!';
export const CONTACT_MESSAGE = "Your message has been sent. We'll get back to you soon!";
