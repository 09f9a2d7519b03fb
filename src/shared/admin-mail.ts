import { z } from 'zod';

/** GET /api/admin/mail/: the outbox as staff read it, newest first, 10 a page. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

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
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type AdminMailPage = z.infer<typeof adminMailPageSchema>;
