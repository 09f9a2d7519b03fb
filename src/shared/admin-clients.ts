import { z } from 'zod';
import { bothOrNeither, latitudeField, longitudeField, PLACE_MESSAGES } from './places.ts';
import { DEFAULT_PROPERTY_TIME_ZONE, PROPERTY_TIME_ZONES } from './property-time-zone.ts';
import { lineText, multilineText } from './text-fields.ts';

/** Clients, their properties (projects) and units as staff manage them in /admin/clients. */

export const PROJECT_MESSAGES = {
  name: 'Enter the property name.',
  nameLength: 'Keep the name to 120 characters or fewer.',
  address: 'Enter the property address.',
  addressLength: 'Keep the address to 300 characters or fewer.',
  active: 'Choose whether the property is active.',
  timeZone: 'Choose the time zone the property is in.',
} as const;

/**
 * POST /api/admin/clients/{id}/projects/ and PUT /api/admin/projects/{id}/. `city`, `latitude` and
 * `longitude` left out keep what is stored (a new property: none), so older callers lose nothing.
 */
export const projectInputSchema = z
  .object({
    name: lineText(120, { error: PROJECT_MESSAGES.name, tooLong: PROJECT_MESSAGES.nameLength }).min(
      1,
      PROJECT_MESSAGES.name,
    ),
    address: lineText(300, { error: PROJECT_MESSAGES.address, tooLong: PROJECT_MESSAGES.addressLength }).min(
      1,
      PROJECT_MESSAGES.address,
    ),
    is_active: z.boolean({ error: PROJECT_MESSAGES.active }).default(true),
    time_zone: z
      .enum(PROPERTY_TIME_ZONES, { error: PROJECT_MESSAGES.timeZone })
      .default(DEFAULT_PROPERTY_TIME_ZONE),
    city: lineText(80, { tooLong: PLACE_MESSAGES.cityLength }).optional(),
    latitude: latitudeField.optional(),
    longitude: longitudeField.optional(),
  })
  .superRefine(bothOrNeither);
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectValues = z.output<typeof projectInputSchema>;

/** At most this many units in one add, so a typo like 1-10000 is refused rather than obeyed. */
export const MAX_UNITS_PER_ADD = 200;
const UNIT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./#-]{0,19}$/;
const RANGE = /^(\d{1,6})\s*-\s*(\d{1,6})$/;

export const UNIT_MESSAGES = {
  numbers: 'Enter unit numbers, for example 101, 2B or a range 101-110.',
  number: (token: string) =>
    `"${token}" is not a unit number: use letters, digits and . / # - (up to 20 characters).`,
  range: (token: string) => `The range ${token} must go from a lower number to a higher one.`,
  tooMany: `Add at most ${MAX_UNITS_PER_ADD} units at a time.`,
} as const;

/**
 * Unit numbers as typed: separated by commas or new lines; "101-110" stands for 101 to 110 (a
 * leading zero keeps the width: 01-03 is 01, 02, 03). Answers the numbers in order, without repeats.
 */
export function parseUnitNumbers(text: string): { numbers: string[] } | { error: string } {
  const tokens = text
    .split(/[,\n]/)
    .map((token) => token.trim())
    .filter((token) => token !== '');
  if (tokens.length === 0) return { error: UNIT_MESSAGES.numbers };
  const numbers = new Set<string>();
  for (const token of tokens) {
    const range = RANGE.exec(token);
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      if (end < start) return { error: UNIT_MESSAGES.range(token) };
      if (end - start + 1 + numbers.size > MAX_UNITS_PER_ADD) return { error: UNIT_MESSAGES.tooMany };
      const width = range[1]!.startsWith('0') ? range[1]!.length : 0;
      for (let n = start; n <= end; n += 1) numbers.add(String(n).padStart(width, '0'));
      continue;
    }
    if (!UNIT_NUMBER.test(token)) return { error: UNIT_MESSAGES.number(token) };
    numbers.add(token);
  }
  if (numbers.size > MAX_UNITS_PER_ADD) return { error: UNIT_MESSAGES.tooMany };
  return { numbers: [...numbers] };
}

/** POST /api/admin/projects/{id}/units/: `numbers` is the typed text; the handler gets the list. */
export const unitsInputSchema = z.object({
  // Generous for 200 numbers typed one by one; each is at most 20 characters.
  numbers: multilineText(5000, { error: UNIT_MESSAGES.numbers }).transform((text, ctx) => {
    const parsed = parseUnitNumbers(text);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.numbers;
  }),
});
export type UnitsInput = z.input<typeof unitsInputSchema>;

export const ADMIN_CLIENT_MESSAGES = {
  clientNotFound: 'Client not found.',
  propertyNotFound: 'Property not found.',
  unitNotFound: 'Unit not found.',
  unitInUse: (number: string, requests: number) =>
    `Unit ${number} is named by ${requests === 1 ? '1 maintenance request' : `${requests} maintenance requests`}, so it cannot be removed.`,
} as const;

/** GET /api/admin/clients/?page: anything but a page number reads as the first page. */
export const adminClientListQuerySchema = z.object({ page: z.coerce.number().int().min(1).catch(1) });

export const adminClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  is_active: z.boolean(),
  project_count: z.number().int(),
  manager_count: z.number().int(),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const adminClientPageSchema = z.object({
  results: z.array(adminClientSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});

export const adminProjectSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  is_active: z.boolean(),
  time_zone: z.enum(PROPERTY_TIME_ZONES),
  city: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  unit_count: z.number().int(),
  /** /api/files/<key> of the card image; null shows 'No thumbnail provided'. */
  thumbnail: z.string().nullable(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

export const adminClientDetailSchema = adminClientSchema.extend({ projects: z.array(adminProjectSchema) });
export type AdminClientDetail = z.infer<typeof adminClientDetailSchema>;

export const adminUnitSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Maintenance requests naming the unit: a unit in use cannot be removed. */
  request_count: z.number().int(),
});
export type AdminUnit = z.infer<typeof adminUnitSchema>;

export const adminUnitListSchema = z.object({ results: z.array(adminUnitSchema) });

/** What adding units answers: every unit of the property, and which typed numbers were new. */
export const unitsAddedSchema = z.object({
  results: z.array(adminUnitSchema),
  added: z.array(z.string()),
  already_there: z.array(z.string()),
});

/** POST /api/admin/projects/{id}/thumbnail/: one image (PNG, JPEG, GIF or WebP by its bytes). */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_MESSAGES = {
  required: 'Choose an image for the thumbnail.',
  type: 'The thumbnail must be a PNG, JPEG, GIF or WebP image.',
  size: 'The thumbnail must be 5 MB or smaller.',
} as const;

/** The thumbnail upload's multipart form, as the API document describes it (the server reads the parts). */
export const thumbnailFormSchema = z.object({
  thumbnail: z
    .file()
    .max(MAX_THUMBNAIL_BYTES)
    .describe('PNG, JPEG, GIF or WebP, checked by its content; at most 5 MB and 40 megapixels'),
});
