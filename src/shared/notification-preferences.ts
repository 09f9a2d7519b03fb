import { z } from 'zod';
import { lineText } from './text-fields.ts';

/*
 * What reaches a user away from the screen: every in-app notification belongs to one
 * category, and each category goes out through the channels the user keeps on for it. Email and SMS
 * also have the profile's master switches (`email_notifications`, `sms_notifications`, signed-in
 * spec section 3); push has none, a device that subscribed is the switch.
 */

export const NOTIFICATION_CATEGORIES = [
  'new_jobs',
  'messages',
  'bid_results',
  'lifecycle',
  'insurance',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kinds of in-app notification the server writes (`notifications.kind`). */
export const NOTIFICATION_KINDS = [
  'new_job',
  'invited',
  'bid_received',
  'bid_accepted',
  'bid_rejected',
  'new_message',
  'request_status',
  'insurance',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const CATEGORY_OF_KIND: Record<NotificationKind, NotificationCategory> = {
  new_job: 'new_jobs',
  invited: 'new_jobs',
  bid_received: 'bid_results',
  bid_accepted: 'bid_results',
  bid_rejected: 'bid_results',
  new_message: 'messages',
  request_status: 'lifecycle',
  insurance: 'insurance',
};

/** The category of a stored kind; an unknown (older) kind counts as a request update. */
export function categoryOfKind(kind: string): NotificationCategory {
  return CATEGORY_OF_KIND[kind as NotificationKind] ?? 'lifecycle';
}

export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  new_jobs: 'New jobs and invitations',
  messages: 'Messages',
  bid_results: 'Bid results',
  lifecycle: 'Request updates',
  insurance: 'Insurance reminders',
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};

export type NotificationRole = 'vendor' | 'property_manager' | 'staff';

/**
 * The categories a role receives at all, as Settings lists them: a manager hears of messages and of
 * its requests (a vendor raising one, a job marked complete), never of new jobs, bid results or
 * insurance; staff as managers.
 */
export const ROLE_CATEGORIES: Record<NotificationRole, readonly NotificationCategory[]> = {
  vendor: NOTIFICATION_CATEGORIES,
  property_manager: ['messages', 'lifecycle'],
  staff: ['messages', 'lifecycle'],
};

type ChannelSwitches = Record<NotificationChannel, boolean>;

const on = (email: boolean, sms: boolean, push: boolean): ChannelSwitches => ({ email, sms, push });

/**
 * Defaults until a user chooses (docs/decisions/notifications-away-from-the-screen.md, Notifications away from the screen): email and
 * push for everything a role receives; texts only for what a vendor should act on soon (the outcome
 * of a bid, a change to an awarded job, insurance running out), never for every new job or message.
 */
const DEFAULTS: Record<NotificationRole, Record<NotificationCategory, ChannelSwitches>> = {
  vendor: {
    new_jobs: on(true, false, true),
    messages: on(true, false, true),
    bid_results: on(true, true, true),
    lifecycle: on(true, true, true),
    insurance: on(true, true, true),
  },
  property_manager: {
    new_jobs: on(false, false, false),
    messages: on(true, false, true),
    bid_results: on(true, false, true),
    lifecycle: on(true, false, true),
    insurance: on(false, false, false),
  },
  staff: {
    new_jobs: on(false, false, false),
    messages: on(true, false, true),
    bid_results: on(true, false, true),
    lifecycle: on(true, false, true),
    insurance: on(false, false, false),
  },
};

export function defaultChannelChoice(
  role: NotificationRole,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  return DEFAULTS[role][category][channel];
}

export function roleOf(user: {
  type: string | null;
  isStaff?: boolean;
  isSuperuser?: boolean;
}): NotificationRole {
  if (user.type === 'vendor') return 'vendor';
  if (user.type === 'property_manager') return 'property_manager';
  return 'staff';
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const QUIET_HOURS_MESSAGES = {
  time: 'Enter a time as HH:MM (24-hour).',
  zone: 'Choose a valid time zone.',
  sameTimes: 'Quiet hours must start and end at different times.',
} as const;

/** Whether `zone` is an IANA time zone this runtime knows (Intl refuses the others). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeOfDay = z
  .string({ error: 'This field is required.' })
  .regex(TIME_PATTERN, QUIET_HOURS_MESSAGES.time);

export const quietHoursSchema = z
  .object({
    enabled: z.boolean({ error: 'Must be a valid boolean.' }),
    /** Local wall-clock times in `time_zone`; a window may pass midnight (22:00 to 07:00). */
    start: timeOfDay,
    end: timeOfDay,
    time_zone: lineText(64, { error: 'This field is required.' }).refine(
      isTimeZone,
      QUIET_HOURS_MESSAGES.zone,
    ),
  })
  .refine((value) => value.start !== value.end, { message: QUIET_HOURS_MESSAGES.sameTimes, path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const DEFAULT_QUIET_HOURS: QuietHours = {
  enabled: false,
  start: '21:00',
  end: '07:00',
  time_zone: 'America/Denver',
};

const channelSwitchesSchema = z.object({
  email: z.boolean({ error: 'Must be a valid boolean.' }),
  sms: z.boolean({ error: 'Must be a valid boolean.' }),
  push: z.boolean({ error: 'Must be a valid boolean.' }),
});

/** PUT /api/notification-settings/: the master switches, every category's channels, quiet hours. */
export const notificationSettingsInputSchema = z.object({
  email_notifications: z.boolean({ error: 'Must be a valid boolean.' }),
  sms_notifications: z.boolean({ error: 'Must be a valid boolean.' }),
  categories: z.partialRecord(z.enum(NOTIFICATION_CATEGORIES), channelSwitchesSchema, {
    error: 'Give each category as {email, sms, push}.',
  }),
  quiet_hours: quietHoursSchema,
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsInputSchema>;

/** GET and PUT /api/notification-settings/ answer this. */
export const notificationSettingsSchema = z.object({
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  /** The categories the user's role receives, in display order, each with its channels. */
  categories: z.array(
    z.object({
      category: z.enum(NOTIFICATION_CATEGORIES),
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
  ),
  quiet_hours: quietHoursSchema,
  /** The number texts go to (E.164), or null when the profile has no mobile number that can take SMS. */
  sms_number: z.string().nullable(),
  /**
   * Whether the user confirmed `sms_number` with a code texted to it: texts go to it only then
   * (Settings shows SMS as off, "Confirm your number to receive texts", until it is).
   */
  sms_number_confirmed: z.boolean(),
  /** When the code last texted to `sms_number` stops working, while it still can be used; else null. */
  sms_code_expires_at: z.string().nullable(),
  /** Whether this server can send texts beyond its log (a provider is configured). */
  sms_provider: z.enum(['dev', 'twilio']),
  /** How many devices of the user receive push notifications. */
  push_devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
