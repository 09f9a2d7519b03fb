import type { VisitTime } from '#shared/visit-request-schemas.ts';

/** The Schedule a Visit form as its inputs hold it; the shared schema turns it into the request. */
export interface VisitFormValues {
  name: string;
  email: string;
  phone: string;
  company_name: string;
  property_address: string;
  /** NumberInput answers '' while empty. */
  number_of_units: number | string;
  preferred_date_1: string | null;
  preferred_time_1: VisitTime | '';
  preferred_date_2: string | null;
  preferred_time_2: VisitTime | '';
  notes: string;
}

export const EMPTY_VISIT_FORM: VisitFormValues = {
  name: '',
  email: '',
  phone: '',
  company_name: '',
  property_address: '',
  number_of_units: '',
  preferred_date_1: null,
  preferred_time_1: '',
  preferred_date_2: null,
  preferred_time_2: '',
  notes: '',
};

/** The fields in the order the form shows them: the first one in error takes the focus. */
export const VISIT_FIELDS = Object.keys(EMPTY_VISIT_FORM) as Array<keyof VisitFormValues>;
