import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import { certificateFileError } from '#shared/certificate-file.ts';
import { formatEin, formatPhone } from '#shared/formatters.ts';
import { INSURANCE_EXPIRY_MESSAGES } from '#shared/user-profile.ts';
import {
  PLAN_MESSAGE,
  REGISTERED_STATES as STATES,
  type VendorDraft,
  vendorCompanyInfoSchema,
} from '#shared/vendor-application.ts';

/** The vendor wizard's steps, fields and validation (public spec, sections 3 and 5). */
export const VENDOR_STEPS = ['Company Information', 'Insurance', 'Payment', 'Review'] as const;

export const VENDOR_COMPANY_FIELDS = [
  'vendor_name',
  'total_employees',
  'ein',
  'registered_state',
  'industry',
  'address',
  'first_name',
  'last_name',
  'job_title',
  'phone',
  'email',
] as const;

export type VendorCompanyField = (typeof VENDOR_COMPANY_FIELDS)[number];
export type VendorCompanyValues = Record<VendorCompanyField, string>;

export const EMPTY_VENDOR_COMPANY = Object.fromEntries(
  VENDOR_COMPANY_FIELDS.map((field) => [field, '']),
) as VendorCompanyValues;

/** Registered state options: only Colorado (section 3). */
export const REGISTERED_STATES = STATES.map((state) => ({
  value: state.value,
  label: `${state.label} (${state.value})`,
}));
/** The spec does not list industries (section 3); the vendor trade categories are the natural list. */
export const INDUSTRIES: readonly string[] = SERVICE_CATEGORIES;

export const PLAN_REQUIRED = PLAN_MESSAGE;

/** Step 0's errors, first message per field, from the schema the server uses too. */
export function validateVendorCompany(
  values: VendorCompanyValues,
): Partial<Record<VendorCompanyField, string>> {
  const result = vendorCompanyInfoSchema.safeParse(values);
  const errors: Partial<Record<VendorCompanyField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path[0] as VendorCompanyField] ??= issue.message;
  return errors;
}

/** Checked before anything is sent (section 5, step 1). */
export function certificateError(file: Pick<File, 'type' | 'size'> | null): string | null {
  return certificateFileError(file);
}

/** The visitor's own calendar day, YYYY-MM-DD (the date picker's days are the visitor's). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The certificate's expiry date, asked for beside the file (the API takes it as optional; the
 * wizard requires it so the vendor's profile says until when the certificate is valid).
 */
export function expiryDateError(expiresOn: string | null, today = localToday()): string | null {
  if (!expiresOn) return INSURANCE_EXPIRY_MESSAGES.required;
  return expiresOn < today ? INSURANCE_EXPIRY_MESSAGES.past : null;
}

/** The company step's values from the saved draft, formatted as the fields show them. */
export function vendorValuesFromDraft(fields: VendorDraft['fields']): VendorCompanyValues {
  const values = { ...EMPTY_VENDOR_COMPANY };
  for (const name of VENDOR_COMPANY_FIELDS) {
    const saved = fields[name];
    if (saved !== null && saved !== undefined) values[name] = String(saved);
  }
  values.phone = formatPhone(values.phone);
  values.ein = formatEin(values.ein);
  return values;
}
