import { z } from 'zod';

/*
 * Pieces every answer schema is built from. They describe the JSON as it travels: a moment is an
 * ISO 8601 text (a Date the server answers is sent as `toISOString()`; one read through PostgreSQL's
 * JSON functions carries an offset such as `+00:00`), a calendar day is YYYY-MM-DD. No answer schema
 * transforms: the same schema serializes the server's answer and parses it in the browser.
 */

/** A moment: `2025-04-01T09:30:00.000Z` or `2025-04-01T09:30:00.123456+00:00`. */
export const timestampText = z.iso.datetime({ offset: true });

/** A calendar day: `2025-04-01`. */
export const dayText = z.iso.date();

/** A list answer (DESIGN.md, API conventions): one page of `item`s and where it is. */
export function listPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
  });
}

/** `{message}`: the answer of the writes that only confirm (contact, password, logout...). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** `{success: true}`: a wizard step saved (public spec, section 7). */
export const successAnswerSchema = z.object({ success: z.literal(true) });

/** 204 No Content (a DELETE): the API client reads an empty body as null. */
export const noContentSchema = z.null();

/** Any 2xx body: the offline outbox's acknowledgement, read later through the write's own schema. */
export const anyAnswerSchema = z.unknown();

/** `{id, name}`: a vendor as invitations and request lists name it. */
export const namedVendorSchema = z.object({ id: z.number().int(), name: z.string() });

/** A photo of a request as answers list it: its id and the `/api/files/...` address. */
export const photoLinkSchema = z.object({ id: z.number().int(), url: z.string() });
