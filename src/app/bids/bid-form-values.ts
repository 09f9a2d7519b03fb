import type { BidBody } from '#shared/bid-responses.ts';
import { type BidInput, bidInputSchema } from '#shared/bid-schemas.ts';
import type { TimeUnit } from '#shared/statuses.ts';
import {
  type BidOptionValues,
  formNumber,
  type LineItemValues,
  lineItemsPayload,
  lineItemsValuesFrom,
  optionPayload,
  optionValuesFrom,
  pricedAmount,
} from './priced-form-values.ts';

/** The bid form as the inputs hold it: numbers may be empty, the start is the picker's local string. */
export interface BidFormValues {
  amount: number | string;
  estimated_time: number | string;
  estimated_time_unit: TimeUnit;
  /** 'YYYY-MM-DD HH:mm:ss' in the vendor's time zone (Mantine dates), or null. */
  proposed_start_date: string | null;
  notes: string;
  /** the bid's own line items; with any, the amount is their sum. */
  line_items: LineItemValues[];
  /** "Offer options": the options replace the bid's own amount, time and line items. */
  options_enabled: boolean;
  options: BidOptionValues[];
}

export const EMPTY_BID_FORM: BidFormValues = {
  amount: '',
  estimated_time: '',
  estimated_time_unit: 'hours',
  proposed_start_date: null,
  notes: '',
  line_items: [],
  options_enabled: false,
  options: [],
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The picker's local 'YYYY-MM-DD HH:mm:ss' for an ISO moment, in this browser's time zone. */
export function localPickerValue(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/**
 * The payload before the shared schema checks it: empty numbers become missing, the start ISO. With
 * options on, only the options carry amounts, times and line items (the schema refuses them twice).
 */
export function bidPayload(values: BidFormValues): Record<string, unknown> {
  // The picker's string has no zone: `new Date('YYYY-MM-DDTHH:mm:ss')` reads it as local time.
  const start = values.proposed_start_date ? new Date(values.proposed_start_date.replace(' ', 'T')) : null;
  const common = {
    proposed_start_date: start && !Number.isNaN(start.getTime()) ? start.toISOString() : undefined,
    notes: values.notes.trim(),
  };
  if (values.options_enabled) return { ...common, options: values.options.map(optionPayload) };
  const lines = values.line_items;
  return {
    amount: pricedAmount(values.amount, lines),
    estimated_time: formNumber(values.estimated_time),
    estimated_time_unit: values.estimated_time_unit,
    ...common,
    ...(lines.length > 0 ? { line_items: lineItemsPayload(lines) } : {}),
  };
}

/**
 * Field errors from the shared schema (src/shared/bid-schemas.ts), the one the handler runs, keyed by
 * the form's own paths ('options.1.line_items.0.quantity'), so each lands under its input.
 */
export function validateBidForm(values: BidFormValues): Record<string, string> {
  const result = bidInputSchema.safeParse(bidPayload(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'amount';
    errors[field] ??= issue.message;
  }
  return errors;
}

export function toBidInput(values: BidFormValues): BidInput {
  return bidInputSchema.parse(bidPayload(values));
}

/** The form for an existing bid (edit mode), with its line items and options. */
export function bidFormFrom(bid: BidBody): BidFormValues {
  const withOptions = bid.options.length > 0;
  return {
    amount: bid.amount,
    estimated_time: Number(bid.estimated_time),
    estimated_time_unit: bid.estimated_time_unit,
    proposed_start_date: localPickerValue(bid.proposed_start_date),
    notes: bid.notes ?? '',
    // With options the answer repeats option 1's lines as the bid's own: they live in option 1 here.
    line_items: withOptions ? [] : lineItemsValuesFrom(bid.line_items),
    options_enabled: withOptions,
    options: [...bid.options].sort((a, b) => a.position - b.position).map(optionValuesFrom),
  };
}

/**
 * The Idempotency-Key of a submission: the same key while the user retries the same payload (a lost
 * answer must not create a second bid), a new one as soon as the payload or the mode changes.
 */
export function keyForSubmission(
  previous: { fingerprint: string; key: string } | null,
  fingerprint: string,
  newKey: () => string,
): { fingerprint: string; key: string } {
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}
