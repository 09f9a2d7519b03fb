import { sql } from 'drizzle-orm';
import {
  defaultChannelChoice,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationRole,
  roleOf,
} from '#shared/notification-preferences.ts';
import type { Db } from '../db/database.ts';
import { intArrayLiteral } from '../db/int-array.ts';
import { reusedStatement } from '../db/reused-statement.ts';
import { notificationPreferences, notificationQuietHours } from '../db/schema/notification-deliveries.ts';
import { pushSubscriptions } from '../db/schema/push-subscriptions.ts';
import { users } from '../db/schema/users.ts';
import { smsNumberOf } from '../sms/sms-number.ts';
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
  /** E.164, or null when the profile's phone cannot take a text. */
  smsNumber: string | null;
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
 * category's choice, and something to send to (a number that takes texts; for push, the caller
 * checks the device).
 */
export function wants(
  recipient: Recipient,
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  if (!recipient.isActive || !chooses(recipient, category, channel)) return false;
  if (channel === 'email') return recipient.emailNotifications;
  if (channel === 'sms') return recipient.smsNotifications && recipient.smsNumber !== null;
  return true;
}

/** Built once (db/reused-statement.ts): every write that notifies runs it (issue 14). */
const recipientsStatement = reusedStatement((db) =>
  // `users.id` written out in the sub-selects: Drizzle leaves a single table's columns unqualified,
  // and an unqualified "id" inside them would be the sub-select's own table's.
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      type: users.type,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
      isActive: users.isActive,
      phoneNumber: users.phoneNumber,
      emailNotifications: users.emailNotifications,
      smsNotifications: users.smsNotifications,
      choices: sql<
        { category: NotificationCategory; channel: NotificationChannel; enabled: boolean }[]
      >`coalesce((
        select json_agg(json_build_object('category', p.category, 'channel', p.channel, 'enabled', p.enabled))
        from ${notificationPreferences} p where p.user_id = users.id
      ), '[]'::json)`,
      quiet: sql<(QuietWindow & { enabled: boolean }) | null>`(
        select json_build_object('enabled', q.enabled, 'start', q.start_time, 'end', q.end_time, 'timeZone', q.time_zone)
        from ${notificationQuietHours} q where q.user_id = users.id
      )`,
      deviceIds: sql<number[]>`coalesce((
        select json_agg(d.id order by d.id) from ${pushSubscriptions} d where d.user_id = users.id
      ), '[]'::json)`,
    })
    .from(users)
    // One parameter whatever the number of users (an array literal's text, cast), so the statement's
    // text is the same for every call and can be named.
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('fieldbid_recipients'),
);

/**
 * Everyone's recipient facts in one statement (the user row with its choices, quiet hours and
 * devices as sub-selects): notify() runs this inside the writing transaction, where each statement is
 * a round trip that keeps the transaction open (issue 14: POST message took four for this).
 */
export async function loadRecipients(db: Db, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  const ids = [...new Set(userIds)];
  const recipients = new Map<number, Recipient>();
  if (ids.length === 0) return recipients;
  const people = await recipientsStatement(db, { ids: intArrayLiteral(ids) });
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
      choices: new Map(
        person.choices.map((choice) => [choiceKey(choice.category, choice.channel), choice.enabled]),
      ),
      quiet: person.quiet,
      deviceIds: person.deviceIds,
    });
  }
  return recipients;
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
