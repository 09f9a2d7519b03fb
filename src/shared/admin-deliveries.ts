import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from './notification-preferences.ts';

/**
 * A notification's way out through one channel: `queued` waits for its time (a mail's
 * batching window, a retry), `held` waits for the end of the user's quiet hours, `sent` left for the
 * provider (an email: handed to the mail outbox, whose own status follows), `failed` will not be
 * tried again (the reason is kept), `cancelled` was no longer wanted when its time came (read in the
 * app first, or the channel switched off meanwhile).
 */
export const DELIVERY_STATUSES = ['queued', 'held', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const adminDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  channel: z.enum(NOTIFICATION_CHANNELS).optional().catch(undefined),
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
});
export type AdminDeliveryQuery = z.output<typeof adminDeliveryQuerySchema>;

export const adminDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  category: z.enum(NOTIFICATION_CATEGORIES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  send_after: z.string(),
  sent_at: z.string().nullable(),
  /** Email only: the outbox mail that carries it, and that mail's own status (pending, sent, failed). */
  mail_status: z.string().nullable(),
  /** Whom it went to: the user, and the address, number (last digits) or device it was sent to. */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  recipient: z.string(),
  notification: z.object({ id: z.number().int(), title: z.string() }),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

export const adminDeliveryPageSchema = z.object({
  results: z.array(adminDeliverySchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  /** Per channel, how many deliveries are in each status (all time). */
  totals: z.array(
    z.object({
      channel: z.enum(NOTIFICATION_CHANNELS),
      status: z.enum(DELIVERY_STATUSES),
      count: z.number().int(),
    }),
  ),
});
export type AdminDeliveryPage = z.infer<typeof adminDeliveryPageSchema>;
