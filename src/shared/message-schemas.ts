import { z } from 'zod';
import { requestNumber } from './display-names.ts';
import { RECORD_ID_PATTERN } from './record-id.ts';
import { photoLinkSchema, timestampText } from './response-fields.ts';
import { multilineText } from './text-fields.ts';

/** Messages and conversations (signed-in spec, sections 2, 3, 5 and 7). */

/** Long enough for a detailed note from a job site, short enough to travel in one push. */
export const MAX_MESSAGE_LENGTH = 2000;
/** GET /api/messages/ answers at most the newest this many of a thread, oldest first. */
export const MESSAGE_THREAD_LIMIT = 500;
/** The conversation screens poll at this pace while the event stream is down (section 9). */
export const MESSAGE_POLL_MS = 5_000;

/** Photos a message may carry: a few pictures of what the sender is talking about. */
export const MAX_MESSAGE_PHOTOS = 5;
/** Each at most this many bytes (as request photos); the app sends them resized to 2048 px. */
export const MAX_MESSAGE_PHOTO_BYTES = 10 * 1024 * 1024;
export const MESSAGE_PHOTO_MESSAGES = {
  type: 'Upload images only (PNG, JPEG, GIF or WebP).',
  size: 'Each photo must be 10 MB or smaller.',
  count: `Attach at most ${MAX_MESSAGE_PHOTOS} photos.`,
} as const;
/** A multipart message names its thread before its photos (checked before a photo is read). */
export const THREAD_BEFORE_PHOTOS = 'Send the request and vendor before the photos.';

const REQUIRED = 'This field is required.';
const idField = z
  .number({ error: REQUIRED })
  .int('A valid integer is required.')
  .positive('A valid integer is required.')
  .max(999_999_999, 'A valid integer is required.');

/** The message text: trimmed; blank is not sent (section 5). */
export const messageContentSchema = multilineText(MAX_MESSAGE_LENGTH, { error: REQUIRED }).min(
  1,
  'This field may not be blank.',
);

/** POST /api/messages/: `vendor` names the thread when a property manager writes. */
export const messageInputSchema = z.object({
  request: idField,
  content: messageContentSchema,
  vendor: idField.optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

/**
 * GET /api/messages/?request={id}[&vendor={id}]. Reading never marks anything read: a link from
 * another site carries the session cookie, and keeping a job offline reads the thread too. The
 * conversation screen marks it read with POST /api/messages/read/ once the messages are on screen.
 */
export const messageQuerySchema = z.object({
  request: z
    .string({ error: REQUIRED })
    .regex(RECORD_ID_PATTERN, 'A valid integer is required.')
    .transform(Number),
  vendor: z.string().regex(RECORD_ID_PATTERN, 'A valid integer is required.').transform(Number).optional(),
});

/**
 * POST /api/messages/read/: the thread as POST /api/messages/ names it (`vendor` when a property
 * manager marks a vendor's thread). Marks the other side's messages and the caller's new_message
 * notifications of the thread read, which cancels their email, text and push not sent yet.
 */
export const messageReadInputSchema = z.object({
  request: idField,
  vendor: idField.optional(),
});
export type MessageReadInput = z.input<typeof messageReadInputSchema>;

/** How many of the other side's messages this call marked read (0 when none was unread). */
export const messageReadResponseSchema = z.object({ marked: z.number().int() });

export const SENDER_ROLES = ['property_manager', 'vendor', 'staff'] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  request: z.number().int(),
  /** The thread's vendor (a thread is one request and one vendor). */
  vendor: z.number().int(),
  content: z.string(),
  sender_role: z.enum(SENDER_ROLES),
  sender_name: z.string(),
  created_at: timestampText,
  /**
   * The photos sent with it, in the order attached (`url`: GET /api/files/<key>, for the thread's
   * two sides only). Absent in answers kept from before photos existed: read as none.
   */
  photos: z.array(photoLinkSchema).default([]),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/messages/: the thread's newest messages (at most MESSAGE_THREAD_LIMIT), oldest first. */
export const messageThreadSchema = z.array(messageSchema);

export const conversationSchema = z.object({
  request_id: z.number().int(),
  title: z.string(),
  unread_count: z.number().int(),
  participants: z.object({ property: z.string(), manager: z.string() }),
  last_message: z.string(),
  timestamp: timestampText,
  /** The thread's vendor: the manager's list has one item per (request, vendor). */
  vendor: z.object({ id: z.number().int(), name: z.string() }),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/messages/conversations/ (not paged). */
export const conversationListSchema = z.array(conversationSchema);

/** The conversation title: the request's type and number. */
export function conversationTitle(type: string, requestId: number): string {
  return `${type} Request ${requestNumber(requestId)}`;
}
