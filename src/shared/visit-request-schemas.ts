import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use.ts';
import { landingFormFields } from './contact-schemas.ts';
import { isoDateField, multilineText } from './text-fields.ts';

/*
 * Schedule a Visit (/schedule-visit, the landing hero's button; public spec, section 2): a visitor
 * asks for a walk-through of a property. POST /api/visit-requests/ (the spec names no path). The
 * rules and messages are the contact form's (all required, email of email type), plus the visit's
 * own: a whole number of units and preferred dates that are not in the past.
 */

const { required, email, REQUIRED } = landingFormFields;

export const VISIT_TIMES = ['morning', 'afternoon'] as const;
export type VisitTime = (typeof VISIT_TIMES)[number];
export const VISIT_TIME_LABELS: Record<VisitTime, string> = {
  morning: 'Morning (8 am – 12 pm)',
  afternoon: 'Afternoon (12 – 5 pm)',
};

export const MAX_VISIT_UNITS = 100_000;
export const MAX_VISIT_NOTES = 5000;

export const VISIT_REQUEST_MESSAGES = {
  units: 'Enter a whole number of units from 1 to 100,000.',
  pastDate: 'The date cannot be in the past.',
  sameChoice: 'Choose a different date or time from your first choice.',
  time: 'Choose morning or afternoon.',
  /** The page's success state (and the API's answer). */
  sent: "Thank you! Your visit request has been sent. We've emailed you a confirmation and will contact you to confirm a time.",
  /** When the server could not take it (the contact form's failure text, for a visit). */
  failed: 'Failed to send your visit request. Please try again later.',
} as const;

/**
 * The earliest date that is still today somewhere on Earth (UTC−12). The server cannot know the
 * visitor's time zone, so "not in the past" accepts the visitor's own today wherever they are; the
 * date picker itself starts at the visitor's local today.
 */
export function earliestVisitDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/** Form inputs send '' or null for an empty date, time or number: the same as leaving it out. */
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const visitDate = isoDateField({ missing: REQUIRED }).refine(
  (value) => value >= earliestVisitDate(),
  VISIT_REQUEST_MESSAGES.pastDate,
);
const visitTime = z.enum(VISIT_TIMES, {
  error: (issue) => (issue.input === undefined ? REQUIRED : VISIT_REQUEST_MESSAGES.time),
});

const units = z.preprocess(
  (value) => {
    const given = blankAsMissing(value);
    return typeof given === 'string' ? Number(given.trim()) : given;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : VISIT_REQUEST_MESSAGES.units) })
    .int(VISIT_REQUEST_MESSAGES.units)
    .min(1, VISIT_REQUEST_MESSAGES.units)
    .max(MAX_VISIT_UNITS, VISIT_REQUEST_MESSAGES.units),
);

/** The two choices; the second is optional, but a date needs its time of day and the reverse. */
const choices = {
  preferred_date_1: z.preprocess(blankAsMissing, visitDate),
  preferred_time_1: z.preprocess(blankAsMissing, visitTime),
  preferred_date_2: z.preprocess(blankAsMissing, visitDate.optional()),
  preferred_time_2: z.preprocess(blankAsMissing, visitTime.optional()),
};
const choicesSchema = z.object(choices);

export const visitRequestInputSchema = z
  .object({
    name: required(200),
    email,
    phone: required(40),
    company_name: required(200),
    property_address: required(300),
    number_of_units: units,
    ...choices,
    notes: z.preprocess((value) => value ?? '', multilineText(MAX_VISIT_NOTES)),
  })
  .superRefine(
    (input, context) => {
      const { preferred_date_2: date, preferred_time_2: time } = input;
      if (date && !time) context.addIssue({ code: 'custom', path: ['preferred_time_2'], message: REQUIRED });
      if (time && !date) context.addIssue({ code: 'custom', path: ['preferred_date_2'], message: REQUIRED });
      if (date === input.preferred_date_1 && time === input.preferred_time_1) {
        context.addIssue({
          code: 'custom',
          path: ['preferred_date_2'],
          message: VISIT_REQUEST_MESSAGES.sameChoice,
        });
      }
    },
    // Checked as soon as the dates and times themselves are valid, with the other fields' errors.
    { when: (payload) => choicesSchema.safeParse(payload.value).success },
  );
export type VisitRequestInput = z.input<typeof visitRequestInputSchema>;
export type VisitRequestValues = z.output<typeof visitRequestInputSchema>;

/** The API's answer to a stored request. */
export const visitRequestAnswerSchema = z.object({ message: z.string() });

const choiceDate = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** 'Tue, May 6, 2031, morning (8 am – 12 pm)': a calendar date, the same in every time zone. */
export function formatVisitChoice(date: string, time: VisitTime): string {
  return `${choiceDate().format(new Date(`${date}T00:00:00Z`))}, ${VISIT_TIME_LABELS[time].toLowerCase()}`;
}
