import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import {
  notificationPreferences,
  notificationQuietHours,
} from '#server/db/schema/notification-deliveries.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { users } from '#server/db/schema/users.ts';
import { pendingCodeExpiry } from '#server/sms/phone-codes.ts';
import {
  DEFAULT_QUIET_HOURS,
  defaultChannelChoice,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationSettings,
  type notificationSettingsInputSchema,
  ROLE_CATEGORIES,
} from '#shared/notification-preferences.ts';
import { chooses, loadRecipients } from './notification-preferences-store.ts';

type SettingsInput = z.output<typeof notificationSettingsInputSchema>;

/** The Settings notification tab as GET and PUT /api/notification-settings/ answer it. */
export async function loadNotificationSettings(
  db: DbOrTx,
  userId: number,
  smsProvider: 'dev' | 'twilio',
): Promise<NotificationSettings> {
  const recipient = (await loadRecipients(db, [userId])).get(userId)!;
  const [devices] = await db
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    email_notifications: recipient.emailNotifications,
    sms_notifications: recipient.smsNotifications,
    categories: ROLE_CATEGORIES[recipient.role].map((category) => ({
      category,
      email: chooses(recipient, category, 'email'),
      sms: chooses(recipient, category, 'sms'),
      push: chooses(recipient, category, 'push'),
    })),
    quiet_hours: recipient.quiet
      ? {
          enabled: recipient.quiet.enabled,
          start: recipient.quiet.start,
          end: recipient.quiet.end,
          time_zone: recipient.quiet.timeZone,
        }
      : DEFAULT_QUIET_HOURS,
    sms_number: recipient.smsNumber,
    sms_number_confirmed: recipient.smsNumber !== null && recipient.smsConfirmed,
    sms_code_expires_at:
      recipient.smsNumber === null || recipient.smsConfirmed
        ? null
        : ((await pendingCodeExpiry(db, userId))?.toISOString() ?? null),
    sms_provider: smsProvider,
    push_devices: devices?.total ?? 0,
  };
}

/**
 * Saves the master switches, the categories sent and quiet hours in one transaction. A choice equal
 * to the role's default is stored as no row, so it follows the default; categories left out stay.
 */
export async function saveNotificationSettings(db: Db, userId: number, input: SettingsInput): Promise<void> {
  const role = (await loadRecipients(db, [userId])).get(userId)!.role;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ emailNotifications: input.email_notifications, smsNotifications: input.sms_notifications })
      .where(eq(users.id, userId));
    for (const [category, channels] of Object.entries(input.categories) as Array<
      [NotificationCategory, Record<NotificationChannel, boolean>]
    >) {
      const same = NOTIFICATION_CHANNELS.filter(
        (channel) => channels[channel] === defaultChannelChoice(role, category, channel),
      );
      if (same.length > 0) {
        await tx
          .delete(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.userId, userId),
              eq(notificationPreferences.category, category),
              inArray(notificationPreferences.channel, same),
            ),
          );
      }
      const chosen = NOTIFICATION_CHANNELS.filter((channel) => !same.includes(channel));
      for (const channel of chosen) {
        await tx
          .insert(notificationPreferences)
          .values({ userId, category, channel, enabled: channels[channel] })
          .onConflictDoUpdate({
            target: [
              notificationPreferences.userId,
              notificationPreferences.category,
              notificationPreferences.channel,
            ],
            set: { enabled: channels[channel], updatedAt: new Date() },
          });
      }
    }
    const quiet = {
      enabled: input.quiet_hours.enabled,
      startTime: input.quiet_hours.start,
      endTime: input.quiet_hours.end,
      timeZone: input.quiet_hours.time_zone,
    };
    await tx
      .insert(notificationQuietHours)
      .values({ userId, ...quiet })
      .onConflictDoUpdate({
        target: notificationQuietHours.userId,
        set: { ...quiet, updatedAt: new Date() },
      });
  });
}
