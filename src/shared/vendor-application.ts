import { z } from 'zod';
import { draftFieldsSchema } from './application-drafts.ts';
import {
  digitsField,
  EIN_MESSAGE,
  emailField,
  employeesField,
  PHONE_MESSAGE,
  requiredText,
} from './application-fields.ts';
import { isoDateField } from './text-fields.ts';

/** Vendor wizard payloads and messages (public spec, sections 3, 5 and 7). */

/** The only registered state offered (public spec, section 3). */
export const REGISTERED_STATES = [{ value: 'CO', label: 'Colorado' }] as const;

/**
 * "the field name with underscores as spaces followed by ' is required'" (section 5, step 0), written
 * as a sentence: capitalised, and EIN as the abbreviation it is.
 */
const required = (field: string) => {
  const name = field === 'ein' ? 'EIN' : field.replace(/_/g, ' ');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} is required`;
};

export const vendorCompanyInfoSchema = z.object({
  vendor_name: requiredText(required('vendor_name'), 200),
  total_employees: employeesField(required('total_employees')),
  ein: digitsField(9, EIN_MESSAGE, required('ein')),
  registered_state: requiredText(required('registered_state'), 100).refine(
    (value) => REGISTERED_STATES.some((state) => state.value === value),
    'Please select a valid registered state',
  ),
  industry: requiredText(required('industry'), 100),
  address: requiredText(required('address'), 300),
  first_name: requiredText(required('first_name'), 150),
  last_name: requiredText(required('last_name'), 150),
  job_title: requiredText(required('job_title'), 150),
  phone: digitsField(10, PHONE_MESSAGE, required('phone')),
  email: emailField('Invalid email format', required('email')),
});
export type VendorCompanyInfo = z.input<typeof vendorCompanyInfoSchema>;

/** 5 MB, the certificate limit (section 9). */
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_MESSAGES = {
  required: 'Insurance certificate is required',
  type: 'Please upload a PDF or image file',
  size: 'File size should be less than 5MB',
} as const;
/** What the browser's file input offers; the server decides by content, not by this list. */
export const CERTIFICATE_ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

const INVALID_DATE = 'Please enter a valid date';
/** The optional expiry date sent beside the certificate; an empty field is none. */
export const insuranceExpiresOnSchema = z
  .string({ error: INVALID_DATE })
  .optional()
  .transform((value) => value || null)
  .pipe(isoDateField({ invalid: INVALID_DATE }).nullable());
/** The text fields sent beside the certificate. */
export const insuranceFieldsSchema = z.object({ insurance_expires_on: insuranceExpiresOnSchema });

export const PLAN_MESSAGE = 'Please select a plan';
export const vendorSubmitSchema = z.object({
  plan_id: z.coerce
    .number({ error: PLAN_MESSAGE })
    .int(PLAN_MESSAGE)
    .positive(PLAN_MESSAGE)
    .max(2_147_483_647, PLAN_MESSAGE),
});

export const vendorSubmitResponseSchema = z.object({ url: z.string() });

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  frequency: z.string(),
  description: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/vendor-plans/: the active plans, in their order (not paged). */
export const planListSchema = z.array(planSchema);

export const vendorSuccessResponseSchema = z.object({
  confirmation_number: z.string(),
  password_token: z.string().optional(),
  /** In the spec's answer, optional; this server makes keys only on request (Settings → API keys). */
  api_key: z.string().optional(),
});
export type VendorSuccessResponse = z.infer<typeof vendorSuccessResponseSchema>;

/**
 * GET /api/vendor-applications/draft/: what the caller's session has saved, so a reloaded wizard
 * resumes. `step` is where to go on: 0 before the company step is saved, 1 before the certificate,
 * 2 (the plan) after it, 3 (the review) once a plan was submitted and the payment is still awaited.
 */
export const vendorDraftResponseSchema = z.object({
  step: z.number().int(),
  fields: draftFieldsSchema(vendorCompanyInfoSchema, ['total_employees']),
  /** The certificate on file (the browser cannot be given the file back) and its expiry date. */
  insurance_certificate: z
    .object({ content_type: z.string(), size: z.number().int(), expires_on: z.string().nullable() })
    .nullable(),
  plan_id: z.number().int().nullable(),
});
export type VendorDraft = z.infer<typeof vendorDraftResponseSchema>;
