import { sql } from 'drizzle-orm';
import { intArrayLiteral } from '#server/db/array-literal.ts';
import type { Db } from '#server/db/database.ts';
import { reusedStatement } from '#server/db/reused-statement.ts';
import {
  notificationPreferences,
  notificationQuietHours,
} from '#server/db/schema/notification-deliveries.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { users } from '#server/db/schema/users.ts';
import { isConfirmedNumber } from '#server/sms/phone-codes.ts';
import { smsNumberOf } from '#server/sms/sms-number.ts';
import {
  defaultChannelChoice,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationRole,
  roleOf,
} from '#shared/notification-preferences.ts';
import type { QuietWindow } from './quiet-hours.ts';

/** Everything that decides where one user's notifications go, read in a fixed number of queries. */
export interface Recipient {
  id: number;
  email: string;
  firstName: string;
  role: NotificationRole;
  isActive: boolean;
  /** The profile's master switches (signed-in spec: email_notifications, sms_notifications). */
  emailNotifications: boolean;
  smsNotifications: boolean;
  /** The profile's number in E.164, or null when it cannot take a text. */
  smsNumber: string | null;
  /** Whether the user confirmed that number with a code texted to it: texts go to it only then. */
  smsConfirmed: boolean;
  /** The user's own choices; a missing key means the role's default. */
  choices: Map<string, boolean>;
  quiet: (QuietWindow & { enabled: boolean }) | null;
  deviceIds: number[];
}

const choiceKey = (category: NotificationCategory, channel: NotificationChannel) => `${category}:${channel}`;

/** The user's choice for a category on a channel, before the master switches. */
export function chooses(
  recipient: Recipient,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  return (
    recipient.choices.get(choiceKey(category, channel)) ??
    defaultChannelChoice(recipient.role, category, channel)
  );
}

/**
 * Whether the user wants this category on this channel now: the master switch (email, SMS), the
 * category's choice, and something to send to (a number that takes texts and that its owner
 * confirmed; for push, the caller checks the device).
 */
export function wants(
  recipient: Recipient,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  if (!recipient.isActive || !chooses(recipient, category, channel)) return false;
  if (channel === 'email') return recipient.emailNotifications;
  if (channel === 'sms') {
    return recipient.smsNotifications && recipient.smsNumber !== null && recipient.smsConfirmed;
  }
  return true;
}

/** A recipient's facts as `recipientFactsSql` writes them (JSON). */
export interface RecipientFacts {
  id: number;
  email: string;
  firstName: string;
  type: string;
  isStaff: boolean;
  isSuperuser: boolean;
  isActive: boolean;
  phoneNumber: string;
  phoneVerifiedNumber: string | null;
  emailNotifications: boolean;
  smsNotifications: boolean;
  choices: { category: NotificationCategory; channel: NotificationChannel; enabled: boolean }[];
  quiet: (QuietWindow & { enabled: boolean }) | null;
  deviceIds: number[];
}

/**
 * A user row's recipient facts as one JSON object, with its choices, quiet hours and devices as
 * sub-selects: read on the `users` row of the query it is in (`users.id` written out: inside the
 * sub-selects an unqualified "id" would be their own table's). loadRecipients reads it, and so does
 * the message thread's access check, which reads the thread's recipients in its own statement.
 */
export const recipientFactsSql = sql<RecipientFacts>`json_build_object(
  'id', users.id, 'email', users.email, 'firstName', users.first_name, 'type', users.type,
  'isStaff', users.is_staff, 'isSuperuser', users.is_superuser, 'isActive', users.is_active,
  'phoneNumber', users.phone_number, 'phoneVerifiedNumber', users.phone_verified_number,
  'emailNotifications', users.email_notifications,
  'smsNotifications', users.sms_notifications,
  'choices', coalesce((
    select json_agg(json_build_object('category', p.category, 'channel', p.channel, 'enabled', p.enabled))
    from ${notificationPreferences} p where p.user_id = users.id
  ), '[]'::json),
  'quiet', (
    select json_build_object('enabled', q.enabled, 'start', q.start_time, 'end', q.end_time, 'timeZone', q.time_zone)
    from ${notificationQuietHours} q where q.user_id = users.id
  ),
  'deviceIds', coalesce((
    select json_agg(d.id order by d.id) from ${pushSubscriptions} d where d.user_id = users.id
  ), '[]'::json)
)`;

/** Built once (db/reused-statement.ts): every write that notifies runs it. */
const recipientsStatement = reusedStatement((db) =>
  db
    .select({ facts: recipientFactsSql })
    .from(users)
    // One parameter whatever the number of users (an array literal's text, cast), so the statement's
    // text is the same for every call and can be named.
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('fieldbid_recipients'),
);

/** The facts as notification planning reads them. */
export function toRecipients(people: readonly RecipientFacts[]): Map<number, Recipient> {
  const recipients = new Map<number, Recipient>();
  for (const person of people) {
    recipients.set(person.id, {
      id: person.id,
      email: person.email,
      firstName: person.firstName,
      role: roleOf(person),
      isActive: person.isActive,
      emailNotifications: person.emailNotifications,
      smsNotifications: person.smsNotifications,
      smsNumber: smsNumberOf(person.phoneNumber),
      smsConfirmed: isConfirmedNumber(person),
      choices: new Map(
        person.choices.map((choice) => [choiceKey(choice.category, choice.channel), choice.enabled]),
      ),
      quiet: person.quiet,
      deviceIds: person.deviceIds,
    });
  }
  return recipients;
}

/**
 * Everyone's recipient facts in one statement (the user row with its choices, quiet hours and
 * devices as sub-selects): notify() runs this inside the writing transaction, where each statement is
 * a round trip that keeps the transaction open (POST message took four for this).
 */
export async function loadRecipients(db: Db, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const people = await recipientsStatement(db, { ids: intArrayLiteral(ids) });
  return toRecipients(people.map((person) => person.facts));
}

/** Sets one choice (the unsubscribe link turns a category's email off this way). */
export async function setChoice(
  db: Db,
  userId: number,
  category: NotificationCategory,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, category, channel, enabled })
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.category,
        notificationPreferences.channel,
      ],
      set: { enabled, updatedAt: new Date() },
    });
}
