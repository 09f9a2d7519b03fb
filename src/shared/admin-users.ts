import { z } from 'zod';
import { LIST_SEARCH_MAX } from './list-fields.ts';
import { lineText } from './text-fields.ts';

/**
 * Staff manage every account in /admin/users (DESIGN.md, "Beyond the spec"):
 * GET /api/admin/users/ and /{id}/, POST /{id}/deactivate/, /{id}/reactivate/, /{id}/send-password-reset/.
 * The three actions on a staff account are a superuser's (mayManageAccount).
 */

/** What a user is in the console: staff (is_staff or is_superuser) first, else the account type. */
export const ADMIN_USER_ROLES = ['staff', 'property_manager', 'vendor'] as const;
export type AdminUserRole = (typeof ADMIN_USER_ROLES)[number];

export const ADMIN_USER_ROLE_LABELS: Record<AdminUserRole, string> = {
  staff: 'Staff',
  property_manager: 'Property manager',
  vendor: 'Vendor',
};

export const ADMIN_USERS_PAGE_SIZE = 10;

/** An empty query value (a cleared filter) means no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/users/?page&search&type&is_active. */
export const adminUserListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'A page number is required.' })
    .int('A page number must be a whole number.')
    .min(1, 'A page number must be 1 or more.')
    .default(1),
  search: z.preprocess(
    blankAsMissing,
    lineText(LIST_SEARCH_MAX, {
      tooLong: `Ensure the search has no more than ${LIST_SEARCH_MAX} characters.`,
    }).optional(),
  ),
  type: z.preprocess(
    blankAsMissing,
    z.enum(ADMIN_USER_ROLES, { error: `Choose one of: ${ADMIN_USER_ROLES.join(', ')}.` }).optional(),
  ),
  is_active: z.preprocess(
    blankAsMissing,
    z
      .enum(['true', 'false'], { error: 'Choose true or false.' })
      .transform((value) => value === 'true')
      .optional(),
  ),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Null only for an account that is neither staff nor typed (none are made today). */
  role: z.enum(ADMIN_USER_ROLES).nullable(),
  /** The manager's client or the vendor's company; null for staff. */
  company: z.string().nullable(),
  is_active: z.boolean(),
  email_confirmed: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  results: z.array(adminUserSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** One user in the drawer: the list's fields and what staff need before acting on the account. */
export const adminUserDetailSchema = adminUserSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string(),
  phone_number: z.string(),
  is_superuser: z.boolean(),
  email_confirmed_at: z.string().nullable(),
  /** False while the account waits for its set-password link: a reset link sets the first one. */
  has_password: z.boolean(),
  client_id: z.number().int().nullable(),
  /** Signed-in sessions that have not expired: the devices a deactivation signs out. */
  active_sessions: z.number().int(),
  /** The caller's own account: it cannot be deactivated from here. */
  is_self: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const sendPasswordResetResponseSchema = z.object({ message: z.string() });

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found.',
  selfDeactivate: 'You cannot deactivate your own account. Ask another superuser to do it.',
  alreadyDeactivated: 'This user is already deactivated.',
  alreadyActive: 'This user is already active.',
  resetInactive:
    'This user is deactivated, so a password reset link would not let them sign in. Reactivate the account first.',
  resetSent: (email: string) => `A password reset link was sent to ${email}. It works once, for 1 hour.`,
  superuserOnly:
    'Only a superuser can deactivate, reactivate or send a password reset link to a staff account.',
  lastSuperuser:
    'This is the last active superuser, so it cannot be deactivated: without one, nobody could manage staff accounts or read the audit log.',
} as const;

/**
 * Staff accounts (is_staff or is_superuser) are a superuser's to deactivate, reactivate or send a
 * reset link to; other staff act on managers and vendors only. Otherwise one staff member could
 * sign every superuser out for good, and with them everyone who may read the audit log that
 * recorded it. The server enforces it; the console uses it to offer only what will be allowed.
 */
export const mayManageAccount = (callerIsSuperuser: boolean, targetIsStaff: boolean): boolean =>
  callerIsSuperuser || !targetIsStaff;

/** "Jane Doe", or the address when the account has no name. */
export const adminUserName = (user: { first_name: string; last_name: string; email: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;
