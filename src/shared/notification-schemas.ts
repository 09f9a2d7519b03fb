import { z } from 'zod';
import { timestampText } from './response-fields.ts';

/** A notification as the API answers it (signed-in spec, section 3). */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  created_at: timestampText,
  is_read: z.boolean(),
  related_request: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

/** GET /api/notifications/ answers at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** The optional `is_read` filter of GET /api/notifications/ (the menu asks for `false`). */
export const notificationQuerySchema = z.object({
  is_read: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

export const markAllReadResponseSchema = z.object({ marked: z.number().int() });
