import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { spotInputSchema } from './request-spot.ts';
import { DEFAULT_PRIORITY, DEFAULT_TIMEFRAME, PRIORITIES, TIMEFRAMES } from './statuses.ts';
import { isoDateTimeField, lineText, multilineText } from './text-fields.ts';

const REQUIRED = 'This field is required.';
export const MAX_DESCRIPTION = 5000;
export const MAX_AREAS = 50;
export const MAX_AREA_LENGTH = 200;

/** Request photos (signed-in spec, section 5: multiple, images only); the limits are ours. */
export const MAX_REQUEST_PHOTOS = 10;
export const MAX_REQUEST_PHOTO_BYTES = 10 * 1024 * 1024;
export const REQUEST_PHOTO_MESSAGES = {
  type: 'Upload images only (PNG, JPEG, GIF or WebP).',
  size: 'Each photo must be 10 MB or smaller.',
  count: `Attach at most ${MAX_REQUEST_PHOTOS} photos.`,
} as const;

/** Multipart sends every value as text and an untouched optional input as ''; both mean "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const id = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).optional(),
  );

/** invite_all travels as the text 'true'/'false' in multipart (section 3) and as a boolean in JSON. */
const textBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : blankToUndefined(value)),
  z.boolean({ error: "Must be 'true' or 'false'." }).default(false),
);

/** areas_affected travels as JSON text of a list in multipart (section 3) and as a list in JSON. */
const areasAffected = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return blankToUndefined(value);
    try {
      return value.trim() === '' ? undefined : JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(
      lineText(MAX_AREA_LENGTH, {
        error: 'Each area must be text.',
        tooLong: `Ensure each area has no more than ${MAX_AREA_LENGTH} characters.`,
      }).min(1, 'An area cannot be blank.'),
      { error: 'Send the areas affected as a list.' },
    )
    .max(MAX_AREAS, `List at most ${MAX_AREAS} areas.`)
    .default([]),
);

/** vendors: repeated in multipart, a list in JSON; one value alone arrives as a plain value. */
const vendorIds = z.preprocess(
  (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
  z.array(
    z.coerce
      .number({ error: 'Select valid vendors.' })
      .int('Select valid vendors.')
      .positive('Select valid vendors.')
      .max(2_147_483_647, 'Select valid vendors.'),
  ),
);

/**
 * POST /api/requests/ (signed-in spec, sections 3, 5 and 7): one schema for the vendor's form
 * (multipart: timeframe, invite_all, areas_affected, vendors, project_id) and the manager's dialog
 * (JSON or multipart: priority, property_id, unit_id). Which property is required, and whose, is the
 * server's rule (it depends on who asks); `project_id` and `property_id` name the same thing.
 */
export const requestInputSchema = z
  .object({
    type: z.enum(SERVICE_CATEGORIES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? REQUIRED : 'Select a valid request type.',
    }),
    description: multilineText(MAX_DESCRIPTION, { error: REQUIRED }).min(1, REQUIRED),
    timeframe: z.preprocess(
      blankToUndefined,
      z.enum(TIMEFRAMES, { error: `Select one of ${TIMEFRAMES.join(', ')}.` }).default(DEFAULT_TIMEFRAME),
    ),
    priority: z.preprocess(
      blankToUndefined,
      z.enum(PRIORITIES, { error: `Select one of ${PRIORITIES.join(', ')}.` }).default(DEFAULT_PRIORITY),
    ),
    property_id: id('Select a valid property.'),
    project_id: id('Select a valid property.'),
    unit_id: id('Select a valid unit.'),
    invite_all: textBoolean,
    areas_affected: areasAffected,
    vendors: vendorIds,
    bid_deadline: z.preprocess(
      blankToUndefined,
      isoDateTimeField()
        .refine((value) => new Date(value).getTime() > Date.now(), 'The deadline must be in the future.')
        .optional(),
    ),
    /** Where on a layout of the property the work is; the server checks layout and bounds. */
    spot: spotInputSchema,
  })
  .superRefine((input, context) => {
    if (input.property_id && input.project_id && input.property_id !== input.project_id) {
      context.addIssue({
        code: 'custom',
        path: ['property_id'],
        message: 'property_id and project_id name different properties.',
      });
    }
  })
  .transform(({ property_id, project_id, ...rest }) => ({
    ...rest,
    property_id: property_id ?? project_id,
    vendors: [...new Set(rest.vendors)],
  }));
export type RequestInput = z.infer<typeof requestInputSchema>;

/** 201 answer of POST /api/requests/: its schema is the answer's (src/shared/request-responses.ts). */
export type { CreatedRequest } from './request-responses.ts';
