import { z } from 'zod';

const savedText = z.string().nullable().optional();
const savedCount = z.number().int().nullable().optional();

/**
 * A wizard draft's saved fields as its draft endpoint answers them: the fields of the submit
 * schema `form`, in its order, each a string (a whole number for those in `counts`), null or absent
 * until saved.
 */
export function draftFieldsSchema<Shape extends Record<string, unknown>, Count extends keyof Shape & string>(
  form: { shape: Shape },
  counts: readonly Count[],
) {
  const shape = Object.fromEntries(
    Object.keys(form.shape).map((key) => [
      key,
      (counts as readonly string[]).includes(key) ? savedCount : savedText,
    ]),
  );
  return z.object(
    shape as { [Key in keyof Shape]: Key extends Count ? typeof savedCount : typeof savedText },
  );
}
