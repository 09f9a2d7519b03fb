import { z } from 'zod';

/**
 * GET /api/admin/mail/: the outbox as staff read it, newest first, 10 a page. `?unmasked=1`
 * (superusers only) shows single-use links whole.
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

export const ADMIN_MAIL_PAGE_SIZE = 10;

export const ADMIN_MAIL_MESSAGES = {
  unmaskedSuperuserOnly: 'Only a superuser may read mail with its links unmasked.',
} as const;

/** `?page` (anything but a page number reads as the first) and `?unmasked=1` (anything else: masked). */
export const adminMailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  unmasked: z.enum(['1']).optional().catch(undefined),
});

export const adminMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  created_at: z.string(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;

export const adminMailPageSchema = z.object({
  results: z.array(adminMailSchema),
  /** True unless a superuser asked for `?unmasked=1`: single-use links show `•••` for their secret. */
  links_masked: z.boolean(),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type AdminMailPage = z.infer<typeof adminMailPageSchema>;
