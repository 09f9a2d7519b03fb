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
import { lineText } from './text-fields.ts';

/** Property manager wizard payloads and messages (public spec, sections 3, 5 and 7). */

export const buildingInfoSchema = z.object({
  building_name: requiredText('Building name is required', 200),
  building_address: requiredText('Building address is required', 300),
  office_phone: digitsField(10, PHONE_MESSAGE),
  ein: digitsField(9, EIN_MESSAGE),
  total_employees: employeesField(),
});
export type BuildingInfo = z.input<typeof buildingInfoSchema>;

export const adminContactSchema = z.object({
  first_name: requiredText('First name is required', 150),
  last_name: requiredText('Last name is required', 150),
  email: emailField('Please enter a valid email address'),
  phone: digitsField(10, PHONE_MESSAGE),
  job_title: requiredText('Job title is required', 150),
});
export type AdminContact = z.input<typeof adminContactSchema>;

const LOGO_URL_MESSAGE = 'Please enter a valid URL';
const logoUrl = z.url({ protocol: /^https?$/ });

export const companyInfoSchema = z.object({
  company_name: requiredText('Company name is required', 200),
  company_address: requiredText('Company address is required', 300),
  /** Optional; an empty field means none. */
  company_logo: lineText(2000, { error: LOGO_URL_MESSAGE, tooLong: LOGO_URL_MESSAGE })
    .refine((value) => value === '' || logoUrl.safeParse(value).success, LOGO_URL_MESSAGE)
    .nullable()
    .optional()
    .transform((value) => value || null),
});
export type CompanyInfo = z.input<typeof companyInfoSchema>;

/** The whole application, as submit checks it: every step's rules at once. */
export const managerApplicationSchema = buildingInfoSchema
  .extend(adminContactSchema.shape)
  .extend(companyInfoSchema.shape);

export const managerSubmitResponseSchema = z.object({ redirect_url: z.string() });
export const managerSuccessResponseSchema = z.object({ password_token: z.string() });

/**
 * GET /api/property-manager-applications/draft/: what the caller's session has saved, so a reloaded
 * wizard resumes. `step` is the first step not yet saved (3, the review, once all three are);
 * `fields` holds the saved fields only (none before the first save).
 */
export const managerDraftResponseSchema = z.object({
  step: z.number().int(),
  fields: draftFieldsSchema(managerApplicationSchema, ['total_employees']),
});
export type ManagerDraft = z.infer<typeof managerDraftResponseSchema>;
