import { z } from 'zod';
import { lineText } from './text-fields.ts';

/*
 * Field rules shared by both application wizards (public spec, section 5). Phone and EIN arrive
 * formatted, (303) 555-0100 and 12-3456789, or as bare digits; they are kept as digits.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');
const FORMATTED_NUMBER = /^[\d\s().+-]*$/;

export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const EIN_MESSAGE = 'Please enter a valid 9-digit EIN';
export const EMPLOYEES_MESSAGE = 'Please enter a valid number of employees';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The email step's answer when the address already has an account: the wizard offers to log in. */
export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists.';

/** Longest formatted phone or EIN accepted before its digits are counted. */
const MAX_FORMATTED_NUMBER = 40;

/** A non-blank line of text (text-fields.ts), at most `max`; `message` both when missing and when blank. */
export const requiredText = (message: string, max: number) =>
  lineText(max, { error: message }).min(1, message);

/** Exactly `length` digits once formatting characters are removed; answers the digits. */
export const digitsField = (length: number, message: string, missingMessage = message) =>
  z
    .string({ error: missingMessage })
    .refine((value) => value.trim() !== '', { error: missingMessage, abort: true })
    .max(MAX_FORMATTED_NUMBER, message)
    .refine((value) => FORMATTED_NUMBER.test(value) && digitsOf(value).length === length, message)
    .transform(digitsOf);

/** An integer greater than 0, given as a number or a numeric string (form inputs). */
export const employeesField = (missingMessage = EMPLOYEES_MESSAGE) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? missingMessage
            : EMPLOYEES_MESSAGE,
      })
      .int(EMPLOYEES_MESSAGE)
      .positive(EMPLOYEES_MESSAGE)
      .max(10_000_000, EMPLOYEES_MESSAGE),
  );

export const emailField = (message: string, missingMessage = message) =>
  lineText(254, { error: missingMessage, tooLong: message })
    .min(1, { error: missingMessage, abort: true })
    .refine((value) => EMAIL_PATTERN.test(value), message)
    .transform((value) => value.toLowerCase());
