import { z } from 'zod';
import { EMAIL_PATTERN } from './application-fields.ts';
import { INSURANCE_STATES } from './insurance-state.ts';
import { dayText } from './response-fields.ts';
import { lineText } from './text-fields.ts';

/** GET/PUT /api/user-profile/ and the Settings form (signed-in spec, sections 2, 3 and 7). */

const REQUIRED = 'This field is required.';
const BLANK = 'This field may not be blank.';
export const PROFILE_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const PROFILE_EMAIL_MESSAGE = 'Enter a valid email address.';

const name = lineText(150, { error: REQUIRED }).min(1, BLANK);

export const userProfileSchema = z.object({
  first_name: name,
  last_name: name,
  email: lineText(254, { error: REQUIRED, tooLong: PROFILE_EMAIL_MESSAGE })
    .min(1, { error: BLANK, abort: true })
    .refine((value) => EMAIL_PATTERN.test(value), PROFILE_EMAIL_MESSAGE)
    .transform((value) => value.toLowerCase()),
  /** Optional, else ten digits; formatting characters are dropped (kept as digits). */
  phone_number: z
    .string({ error: REQUIRED })
    .max(40, PROFILE_PHONE_MESSAGE)
    .transform((value) => value.replace(/[\s().+-]/g, ''))
    .refine((value) => value === '' || /^\d{10}$/.test(value), PROFILE_PHONE_MESSAGE),
  job_title: lineText(150, { error: REQUIRED }),
  email_notifications: z.boolean({ error: 'Must be a valid boolean.' }),
  sms_notifications: z.boolean({ error: 'Must be a valid boolean.' }),
});
export type UserProfileInput = z.input<typeof userProfileSchema>;

/** What GET and PUT /api/user-profile/ answer: the stored profile (email lower-case, phone digits). */
export const userProfileAnswerSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  job_title: z.string(),
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileAnswerSchema>;

export const EMAIL_IN_USE_MESSAGE = 'A user with this email already exists.';

/** GET /api/vendor/insurance/: the vendor's certificate on file and its expiry. */
export const insuranceStatusSchema = z.object({
  has_certificate: z.boolean(),
  /** YYYY-MM-DD, the last day the certificate covers. */
  insurance_expires_on: dayText.nullable(),
  is_expired: z.boolean(),
  /** Where the vendor downloads its own certificate; null without one. */
  certificate_url: z.string().nullable(),
  /** The reading every screen shows (insurance-state.ts): the same as the managers' Vendors screen. */
  status: z.enum(INSURANCE_STATES),
});
export type InsuranceStatus = z.infer<typeof insuranceStatusSchema>;

export const INSURANCE_EXPIRY_MESSAGES = {
  required: 'Please enter the expiry date',
  past: 'The expiry date cannot be in the past',
} as const;

export { isInsuranceExpired } from './insurance-state.ts';
