import type { ZodType } from 'zod';
import { formatEin, formatPhone } from '#shared/formatters.ts';
import {
  adminContactSchema,
  buildingInfoSchema,
  companyInfoSchema,
  type ManagerDraft,
  managerApplicationSchema,
} from '#shared/manager-application.ts';

/** The property manager wizard's steps, fields and live validation (public spec, sections 3 and 5). */
export const MANAGER_STEPS = ['Building Info', 'Admin Contact', 'Company Info', 'Review'] as const;

export interface ManagerApplicationValues {
  building_name: string;
  building_address: string;
  office_phone: string;
  ein: string;
  total_employees: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  job_title: string;
  company_name: string;
  company_address: string;
  company_logo: string;
}

export type ManagerField = keyof ManagerApplicationValues;

export const EMPTY_MANAGER_APPLICATION: ManagerApplicationValues = {
  building_name: '',
  building_address: '',
  office_phone: '',
  ein: '',
  total_employees: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  job_title: '',
  company_name: '',
  company_address: '',
  company_logo: '',
};

/** The fields each step validates; the Review step has none. */
export const MANAGER_STEP_FIELDS: readonly (readonly ManagerField[])[] = [
  ['building_name', 'building_address', 'office_phone', 'ein', 'total_employees'],
  ['first_name', 'last_name', 'email', 'phone', 'job_title'],
  ['company_name', 'company_address', 'company_logo'],
  [],
];

const STEP_SCHEMAS: readonly (ZodType | null)[] = [
  buildingInfoSchema,
  adminContactSchema,
  companyInfoSchema,
  null,
];

/** The first message per field from a zod result (the shared schemas hold the spec's messages). */
function firstMessages(
  schema: ZodType,
  values: ManagerApplicationValues,
): Partial<Record<ManagerField, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<ManagerField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ManagerField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The message for one field, or null when it is valid (public spec, section 5's table). */
export function managerFieldError(field: ManagerField, value: string): string | null {
  const step = MANAGER_STEP_FIELDS.findIndex((fields) => fields.includes(field));
  const schema = STEP_SCHEMAS[step];
  if (!schema) return null;
  return firstMessages(schema, { ...EMPTY_MANAGER_APPLICATION, [field]: value })[field] ?? null;
}

/** Errors of one step only: Next validates the current step and nothing else (section 4). */
export function validateManagerStep(
  step: number,
  values: ManagerApplicationValues,
): Partial<Record<ManagerField, string>> {
  const schema = STEP_SCHEMAS[step];
  return schema ? firstMessages(schema, values) : {};
}

/** Every field's error, for the form's live validation on change. */
export function validateManagerApplication(
  values: ManagerApplicationValues,
): Partial<Record<ManagerField, string>> {
  return firstMessages(managerApplicationSchema, values);
}

/** The step that asks for `field` (0 when unknown), to show a submit's field error where it belongs. */
export function managerStepOf(field: string): number {
  return Math.max(
    0,
    MANAGER_STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field)),
  );
}

/** The form's values from the saved draft, formatted as the fields show them. */
export function managerValuesFromDraft(fields: ManagerDraft['fields']): ManagerApplicationValues {
  const values = { ...EMPTY_MANAGER_APPLICATION };
  for (const name of Object.keys(values) as ManagerField[]) {
    const saved = fields[name];
    if (saved !== null && saved !== undefined) values[name] = String(saved);
  }
  values.office_phone = formatPhone(values.office_phone);
  values.phone = formatPhone(values.phone);
  values.ein = formatEin(values.ein);
  return values;
}
