import { z } from 'zod';
import { isoDateField, isoDateTimeField, lineText, multilineText } from './text-fields.ts';

/*
 * Visits of an awarded job (docs/decisions/job-visits.md): the vendor (or a manager) proposes one
 * or more windows in the property's time zone, the other side accepts one or proposes others; a
 * confirmed visit is rescheduled (new windows, proposed again) or cancelled, and its history keeps
 * every step. On the day, the vendor taps On my way, Arrived and Left; each is sent through the
 * offline outbox with the moment it happened (`at`), so it lands once with the phone's time.
 */

export const VISIT_PURPOSES = ['diagnose', 'repair', 'follow_up'] as const;
export type VisitPurpose = (typeof VISIT_PURPOSES)[number];
export const VISIT_PURPOSE_LABELS: Record<VisitPurpose, string> = {
  diagnose: 'Diagnosis',
  repair: 'Repair',
  follow_up: 'Follow-up',
};

/** proposed: windows on offer; confirmed: one window agreed; done: the vendor left; cancelled. */
export const VISIT_STATUSES = ['proposed', 'confirmed', 'done', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  proposed: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const VISIT_EVENTS = [
  'proposed',
  'accepted',
  'counter_proposed',
  'rescheduled',
  'cancelled',
  'on_my_way',
  'arrived',
  'left',
] as const;
export type VisitEvent = (typeof VISIT_EVENTS)[number];

/** What the asker may do with a visit now (the server's answer; the app shows only these). */
export const VISIT_ACTIONS = ['accept', 'propose', 'cancel', 'on_my_way', 'arrived', 'left'] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

export const MAX_VISIT_WINDOWS = 5;
export const MAX_VISIT_PHOTOS = 6;
export const MAX_VISIT_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_NOTE = 2000;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (label: string) =>
  z.string({ error: `Enter the ${label} time.` }).regex(TIME_OF_DAY, `Enter the ${label} time as HH:MM.`);

/** One window on offer, wall-clock in the property's time zone; it ends after it starts, the same day. */
export const visitWindowSchema = z
  .object({
    date: isoDateField({ missing: 'Choose a date.' }),
    start: timeOfDay('start'),
    end: timeOfDay('end'),
  })
  .refine((window) => window.end > window.start, {
    path: ['end'],
    message: 'The visit must end after it starts.',
  });
export type VisitWindow = z.infer<typeof visitWindowSchema>;

/** A window as answers carry it. */
export const visitWindowAnswerSchema = z.object({ date: z.string(), start: z.string(), end: z.string() });

const windowsField = z
  .array(visitWindowSchema, { error: 'Propose at least one time.' })
  .min(1, 'Propose at least one time.')
  .max(MAX_VISIT_WINDOWS, `Propose at most ${MAX_VISIT_WINDOWS} times.`);

/** POST /api/requests/{id}/visits/: a new visit of the awarded job (awarded vendor or managers). */
export const proposeVisitInputSchema = z.object({
  purpose: z.enum(VISIT_PURPOSES, { error: 'Choose what the visit is for.' }),
  windows: windowsField,
  note: multilineText(MAX_NOTE).optional(),
});
export type ProposeVisitInput = z.infer<typeof proposeVisitInputSchema>;

/** POST /api/visits/{id}/propose/: other windows for a proposed visit (a counter) or a confirmed one (a reschedule). */
export const counterVisitInputSchema = z.object({
  windows: windowsField,
  note: multilineText(MAX_NOTE).optional(),
});
export type CounterVisitInput = z.infer<typeof counterVisitInputSchema>;

/** POST /api/visits/{id}/accept/: the window (its index in `windows`) the other side accepts. */
export const acceptVisitInputSchema = z.object({
  window: z
    .number({ error: 'Choose one of the proposed times.' })
    .int('Choose one of the proposed times.')
    .min(0, 'Choose one of the proposed times.')
    .max(MAX_VISIT_WINDOWS - 1, 'Choose one of the proposed times.'),
});
export type AcceptVisitInput = z.infer<typeof acceptVisitInputSchema>;

/** POST /api/visits/{id}/cancel/ */
export const cancelVisitInputSchema = z.object({ reason: multilineText(MAX_NOTE).optional() });
export type CancelVisitInput = z.infer<typeof cancelVisitInputSchema>;

/** When the step happened on the phone (it may reach the server later, from the outbox). */
const happenedAt = isoDateTimeField({ missing: 'The time of the step is required.' });

/** POST /api/visits/{id}/on-my-way/ (awarded vendor; replayable with an Idempotency-Key). */
export const onMyWayInputSchema = z.object({
  at: happenedAt,
  eta_minutes: z
    .number({ error: 'Enter the minutes until you arrive.' })
    .int('Enter the minutes until you arrive.')
    .min(1, 'Enter the minutes until you arrive.')
    .max(600, 'Enter at most 600 minutes.'),
});
export type OnMyWayInput = z.infer<typeof onMyWayInputSchema>;

/**
 * POST /api/visits/{id}/arrived/: the position is optional (only when the vendor allows it) and is
 * never stored: the server keeps its distance from the property, rounded to 100 m.
 */
export const arrivedInputSchema = z.object({
  at: happenedAt,
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type ArrivedInput = z.infer<typeof arrivedInputSchema>;

/** POST /api/visits/{id}/left/ (JSON, or multipart with `photos`): how the visit ended. */
export const leftInputSchema = z.object({
  at: happenedAt,
  note: multilineText(MAX_NOTE).optional(),
  another_visit_needed: z.boolean({ error: 'Say whether another visit is needed.' }),
});
export type LeftInput = z.infer<typeof leftInputSchema>;

export const visitHistoryEntrySchema = z.object({
  event: z.enum(VISIT_EVENTS),
  /** When the server recorded it. */
  recorded_at: z.string(),
  /** When it happened (the phone's time for On my way, Arrived and Left; else recorded_at). */
  happened_at: z.string(),
  actor_role: z.enum(['vendor', 'manager']),
  actor_name: z.string(),
  note: z.string(),
  /** The windows a proposal, counter or reschedule offered; the agreed one for accepted; else empty. */
  windows: z.array(visitWindowAnswerSchema),
});
export type VisitHistoryEntry = z.infer<typeof visitHistoryEntrySchema>;

export const visitSchema = z.object({
  id: z.number(),
  request_id: z.number(),
  /** 1, 2, 3… within the request, in the order proposed. */
  number: z.number(),
  purpose: z.enum(VISIT_PURPOSES),
  status: z.enum(VISIT_STATUSES),
  /** Who made the proposal now waiting (or that was accepted). */
  proposed_by: z.enum(['vendor', 'manager']),
  /** The windows on offer while proposed; the agreed one alone once confirmed. */
  windows: z.array(visitWindowAnswerSchema),
  /** The agreed window as moments (null until confirmed). */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The property's IANA time zone, in which `windows` are written. */
  time_zone: z.string(),
  on_my_way_at: z.string().nullable(),
  /** on_my_way_at plus the minutes the vendor gave. */
  expected_arrival_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  /** Metres from the property at check-in, rounded to 100 (null without a position or coordinates). */
  arrival_distance_m: z.number().nullable(),
  left_at: z.string().nullable(),
  left_note: z.string(),
  another_visit_needed: z.boolean().nullable(),
  left_photos: z.array(z.object({ url: z.string() })),
  /** Whole minutes between arrived_at and left_at. */
  minutes_on_site: z.number().nullable(),
  allowed_actions: z.array(z.enum(VISIT_ACTIONS)),
  /** GET: the visit as an .ics calendar file (confirmed visits). */
  calendar_url: z.string(),
  history: z.array(visitHistoryEntrySchema),
});
export type Visit = z.infer<typeof visitSchema>;

/** GET /api/requests/{id}/visits/ (the request's managers and its awarded vendor). */
export const visitListSchema = z.object({ results: z.array(visitSchema) });
export type VisitList = z.infer<typeof visitListSchema>;

/*
 * Entry and access: how the vendor gets in. The managers edit it; the awarded vendor reads it from
 * the award until the job is closed (completed or cancelled), and keeps it offline with the job.
 */
export const MAX_ACCESS_INSTRUCTIONS = 2000;

/** PUT /api/requests/{id}/access/ (managers) */
export const accessInputSchema = z.object({
  access_instructions: multilineText(MAX_ACCESS_INSTRUCTIONS),
  occupant_name: lineText(200),
  occupant_phone: lineText(40),
  occupant_email: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]),
  permission_to_enter: z.boolean({ error: 'Say whether the vendor may enter.' }),
});
export type AccessInput = z.infer<typeof accessInputSchema>;

/** GET and PUT /api/requests/{id}/access/ */
export const accessSchema = z.object({
  access_instructions: z.string(),
  occupant_name: z.string(),
  occupant_phone: z.string(),
  occupant_email: z.string(),
  permission_to_enter: z.boolean(),
  updated_at: z.string().nullable(),
});
export type Access = z.infer<typeof accessSchema>;
