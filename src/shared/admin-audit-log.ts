import { z } from 'zod';
import { LIST_SEARCH_MAX } from './list-fields.ts';
import { DATE_MESSAGES, inDateRange, lineText } from './text-fields.ts';

/**
 * The audit log of staff actions ("Trust"): one entry per approve, reject, deactivate,
 * plan change, ... written in the same transaction as the action. Superusers read it at
 * /admin/audit-log through GET /api/admin/audit-log/?page&action&actor&from&to.
 */

/** Every action the log records, as `<target>.<verb>`; the table checks them too. */
export const AUDIT_ACTIONS = [
  'application.approve',
  'application.reject',
  'user.deactivate',
  'user.reactivate',
  'user.send_password_reset',
  'plan.create',
  'plan.update',
  'plan.delete',
  'property.create',
  'property.update',
  'property.thumbnail',
  'unit.add',
  'unit.delete',
  'demo_request.handle',
  'demo_request.reopen',
  'contact_message.handle',
  'contact_message.reopen',
  'visit_request.handle',
  'visit_request.reopen',
  'layout.delete',
  'photo.delete',
  'close_up.delete',
  'polygon.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; `id` is that row's id, which may be gone since (a deleted plan or layout). */
export const AUDIT_TARGET_TYPES = [
  'manager_application',
  'vendor_application',
  'user',
  'plan',
  'property',
  'unit',
  'demo_request',
  'contact_message',
  'visit_request',
  'layout',
  'photo',
  'close_up',
  'polygon',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'application.approve': 'Application approved',
  'application.reject': 'Application rejected',
  'user.deactivate': 'User deactivated',
  'user.reactivate': 'User reactivated',
  'user.send_password_reset': 'Password reset link sent',
  'plan.create': 'Plan created',
  'plan.update': 'Plan changed',
  'plan.delete': 'Plan deleted',
  'property.create': 'Property added',
  'property.update': 'Property changed',
  'property.thumbnail': 'Property image replaced',
  'unit.add': 'Units added',
  'unit.delete': 'Unit removed',
  'demo_request.handle': 'Demo request handled',
  'demo_request.reopen': 'Demo request reopened',
  'contact_message.handle': 'Contact message handled',
  'contact_message.reopen': 'Contact message reopened',
  'visit_request.handle': 'Visit request handled',
  'visit_request.reopen': 'Visit request reopened',
  'layout.delete': 'Layout deleted',
  'photo.delete': 'Photo deleted',
  'close_up.delete': 'Close-up deleted',
  'polygon.delete': 'Polygon deleted',
};

/** The action filter's groups, in the console's menu order. */
export const AUDIT_ACTION_GROUPS: ReadonlyArray<{ group: string; actions: readonly AuditAction[] }> = [
  { group: 'Applications', actions: ['application.approve', 'application.reject'] },
  { group: 'Users', actions: ['user.deactivate', 'user.reactivate', 'user.send_password_reset'] },
  { group: 'Plans', actions: ['plan.create', 'plan.update', 'plan.delete'] },
  {
    group: 'Clients & properties',
    actions: ['property.create', 'property.update', 'property.thumbnail', 'unit.add', 'unit.delete'],
  },
  {
    group: 'Inbox',
    actions: [
      'demo_request.handle',
      'demo_request.reopen',
      'contact_message.handle',
      'contact_message.reopen',
      'visit_request.handle',
      'visit_request.reopen',
    ],
  },
  { group: 'Documentation', actions: ['layout.delete', 'photo.delete', 'close_up.delete', 'polygon.delete'] },
];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  manager_application: 'Manager application',
  vendor_application: 'Vendor application',
  user: 'User',
  plan: 'Plan',
  property: 'Property',
  unit: 'Unit',
  demo_request: 'Demo request',
  contact_message: 'Contact message',
  visit_request: 'Visit request',
  layout: 'Layout',
  photo: 'Photo',
  close_up: 'Close-up',
  polygon: 'Polygon',
};

export const AUDIT_LOG_PAGE_SIZE = 20;

export const AUDIT_LOG_MESSAGES = {
  superuserOnly: 'Only superusers can read the audit log.',
  action: 'Choose one of the logged actions.',
  moment: 'Enter a date (YYYY-MM-DD) or a date and time with its offset.',
  range: 'The end of the range must not be before its start.',
  actor: `Ensure the actor search has no more than ${LIST_SEARCH_MAX} characters.`,
} as const;

/** An empty query value (a cleared filter) means no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

const DAY_MS = 24 * 3600 * 1000;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day (`2026-03-04`, the whole UTC day) or an instant (`2026-03-04T09:00:00-07:00`). */
const momentField = z.preprocess(
  blankAsMissing,
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: AUDIT_LOG_MESSAGES.moment })
    .refine(inDateRange, DATE_MESSAGES.range)
    .optional(),
);

/** The range's first moment: a day from its start. */
const startOf = (value: string) => new Date(isDate(value) ? `${value}T00:00:00Z` : value);
/**
 * The first moment after the range (exclusive): a day through its end, an instant including itself
 * (the database keeps microseconds; the query compares with the next millisecond).
 */
const endOf = (value: string) =>
  new Date(isDate(value) ? Date.parse(`${value}T00:00:00Z`) + DAY_MS : Date.parse(value) + 1);

/**
 * GET /api/admin/audit-log/?page&action&actor&from&to: `actor` matches every word in the actor's
 * email (as copied into the entry) or current name, any case; `from` and `to` are inclusive.
 */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'A page number is required.' })
      .int('A page number must be a whole number.')
      .min(1, 'A page number must be 1 or more.')
      .default(1),
    action: z.preprocess(
      blankAsMissing,
      z.enum(AUDIT_ACTIONS, { error: AUDIT_LOG_MESSAGES.action }).optional(),
    ),
    actor: z.preprocess(
      blankAsMissing,
      lineText(LIST_SEARCH_MAX, { tooLong: AUDIT_LOG_MESSAGES.actor }).optional(),
    ),
    from: momentField,
    to: momentField,
  })
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    from: from === undefined ? undefined : startOf(from),
    before: to === undefined ? undefined : endOf(to),
  }))
  .refine((query) => !query.from || !query.before || query.from < query.before, {
    path: ['to'],
    message: AUDIT_LOG_MESSAGES.range,
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** Free-form facts about the action: a rejection's reason, a plan's changed fields. */
export const auditDetailsSchema = z.record(z.string(), z.unknown());
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** A field an update changed: its value before and after. */
export interface AuditChange {
  from: unknown;
  to: unknown;
}

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  created_at: z.string(),
  actor: z.object({
    id: z.number().int(),
    /** As it was when the action happened. */
    email: z.string(),
    /** The account's name now; null when it has none. */
    name: z.string().nullable(),
  }),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.number().int(),
    /** A short description copied at the time (a company, an email, a plan's name). */
    label: z.string(),
  }),
  details: auditDetailsSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  results: z.array(auditEntrySchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
