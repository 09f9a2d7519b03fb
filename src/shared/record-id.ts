import { z } from 'zod';

/**
 * A record's id in a path (`/api/projects/{id}/units/`): 1 to 9 digits, read as a number. Anything
 * else names no record, and the server answers it exactly as an unknown id (the route's 404), so a
 * malformed id tells a caller nothing more than a missing one. One rule for every route with an id.
 */
export const RECORD_ID_PATTERN = /^\d{1,9}$/;

export const recordIdSchema = z
  .string()
  .regex(RECORD_ID_PATTERN)
  .transform(Number)
  .meta({ description: 'A record id: 1 to 9 digits.', examples: ['42'] });

/** Params of a route with one `:id`. */
export const idParamsSchema = z.object({ id: recordIdSchema });

export function isRecordId(value: string): boolean {
  return RECORD_ID_PATTERN.test(value);
}

/**
 * Params of a route whose ids carry their own names (`/api/layouts/{layoutId}/polygons/{polygonId}/`),
 * each read by recordIdSchema.
 */
export function recordIdParams<const Name extends string>(
  ...names: Name[]
): z.ZodObject<{ [Key in Name]: typeof recordIdSchema }> {
  return z.object(Object.fromEntries(names.map((name) => [name, recordIdSchema]))) as z.ZodObject<{
    [Key in Name]: typeof recordIdSchema;
  }>;
}
