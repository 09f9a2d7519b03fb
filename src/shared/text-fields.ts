import { z } from 'zod';

/*
 * The one rule for text that people type (docs/decisions/trust-input-and-headers.md, "Text input"). Every text field of
 * every payload and query is built here, so bad input is refused with a message under its field
 * before it can reach the database (PostgreSQL refuses NUL outright, and its drivers turn a lone
 * surrogate into U+FFFD, so the text read back would not be the text sent):
 *
 * - single-line fields (`lineText`): no control characters at all except tab;
 * - multi-line fields (`multilineText`): tab and line breaks too; CRLF and lone CR become LF;
 * - both: no lone (unpaired) surrogates, trimmed, and always a maximum length, counted in code
 *   points (zod counts an emoji once; the browser's maxlength counts UTF-16 units, never fewer).
 *
 * Bad characters are refused, never stripped: a silently changed note or name is worse than a
 * message saying what to fix, and the offline outbox keeps the refusal with its reason.
 */

export const TEXT_MESSAGES = {
  control: 'Remove the control characters (invisible characters such as NUL) from this field.',
  lineBreak: 'This field must be a single line: remove the line breaks.',
  surrogate: 'This field contains a broken character (an unpaired surrogate). Please retype it.',
} as const;

export const tooLongMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** C0 controls but tab, LF and CR; DEL; the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextKind = 'line' | 'lines';

/** What is wrong with `value` as text of this kind, or null when nothing is. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  if (kind === 'line' && LINE_BREAK.test(value)) return TEXT_MESSAGES.lineBreak;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  return null;
}

/** CRLF and a lone CR as LF: one line break, whichever system typed it. */
export const normaliseLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

/** The character rule as a zod check; it stops the field's later checks, so only its message shows. */
const characterRule =
  (kind: TextKind): z.core.CheckFn<string> =>
  (payload) => {
    const problem = textProblem(payload.value, kind);
    if (problem)
      payload.issues.push({ code: 'custom', message: problem, input: payload.value, continue: false });
  };

export interface TextOptions {
  /** The message when the value is missing or not a string (zod's own otherwise). */
  error?: string;
  /** The message over `max`; `Ensure this field has no more than {max} characters.` otherwise. */
  tooLong?: string;
}

const baseString = (options: TextOptions) =>
  options.error === undefined ? z.string() : z.string({ error: options.error });

/** A single-line text field (names, titles, addresses, searches): the rule, trimmed, at most `max`. */
export function lineText(max: number, options: TextOptions = {}) {
  return baseString(options)
    .check(characterRule('line'))
    .trim()
    .max(max, options.tooLong ?? tooLongMessage(max));
}

/** A multi-line text field (notes, descriptions, messages): the rule, LF line breaks, trimmed, at most `max`. */
export function multilineText(max: number, options: TextOptions = {}) {
  return baseString(options)
    .check(characterRule('lines'))
    .overwrite(normaliseLineBreaks)
    .trim()
    .max(max, options.tooLong ?? tooLongMessage(max));
}

/**
 * Text a server keeps from somewhere no form shows a message for (a request header such as
 * User-Agent): control characters and lone surrogates dropped, at most `max` code units.
 */
export function cleanHeaderText(value: string | undefined, max: number): string {
  return (value ?? '')
    .replace(new RegExp(`${CONTROL.source}|[\\n\\r\\t]|${LONE_SURROGATE.source}`, 'g'), '')
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '');
}

/*
 * Dates. Every calendar date and moment people enter lies in one window: PostgreSQL has no year 0
 * and JavaScript writes years past 9999 as +010000, so without a window year 0000 or
 * 9999-12-31T23:59:59-14:00 answered 500; and no bid, deadline or expiry is meant for them.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;
export const DATE_MESSAGES = {
  range: `Enter a date between ${DATE_RANGE.min} and ${DATE_RANGE.max}.`,
  date: 'Enter a valid date.',
  dateTime: 'Enter a valid date and time.',
} as const;

const FIRST_MOMENT = Date.parse(`${DATE_RANGE.min}T00:00:00Z`);
const LAST_MOMENT = Date.parse(`${DATE_RANGE.max}T23:59:59.999Z`);

/** Whether an ISO date (YYYY-MM-DD) or moment lies in DATE_RANGE (a moment compared in UTC). */
export function inDateRange(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value >= DATE_RANGE.min && value <= DATE_RANGE.max;
  const moment = Date.parse(value);
  return moment >= FIRST_MOMENT && moment <= LAST_MOMENT;
}

interface DateOptions {
  /** The message when the value is missing; `invalid` otherwise. */
  missing?: string;
  /** The message for text that is not a date. */
  invalid?: string;
}

const missingOr = (options: DateOptions, invalid: string) => (issue: { input: unknown }) =>
  issue.input === undefined && options.missing !== undefined ? options.missing : invalid;

/** A calendar date, YYYY-MM-DD, in DATE_RANGE. */
export function isoDateField(options: DateOptions = {}) {
  return z.iso
    .date({ error: missingOr(options, options.invalid ?? DATE_MESSAGES.date), abort: true })
    .refine(inDateRange, { error: DATE_MESSAGES.range, abort: true });
}

/** A moment, ISO 8601 with Z or an offset, in DATE_RANGE. */
export function isoDateTimeField(options: DateOptions = {}) {
  return z.iso
    .datetime({
      offset: true,
      error: missingOr(options, options.invalid ?? DATE_MESSAGES.dateTime),
      abort: true,
    })
    .refine(inDateRange, { error: DATE_MESSAGES.range, abort: true });
}
