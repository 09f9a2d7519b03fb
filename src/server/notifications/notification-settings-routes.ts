import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_QUIET_HOURS,
  defaultChannelChoice,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationSettings,
  notificationSettingsInputSchema,
  ROLE_CATEGORIES,
} from '#shared/notification-preferences.ts';
import { requireUser } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { notificationPreferences, notificationQuietHours } from '../db/schema/notification-deliveries.ts';
import { pushSubscriptions } from '../db/schema/push-subscriptions.ts';
import { users } from '../db/schema/users.ts';
import { parseInput } from '../http/http-error.ts';
import { chooses, loadRecipients } from './notification-preferences-store.ts';

async function settingsOf(
  db: Db,
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
    sms_provider: smsProvider,
    push_devices: devices?.total ?? 0,
  };
}

/**
 * GET/PUT /api/notification-settings/ (issue 19), the Settings notification tab: the profile's two
 * master switches (the same columns as the spec's email_notifications and sms_notifications on
 * /api/user-profile/), each category's channels, and quiet hours. A choice equal to the role's
 * default is stored as no row, so it follows the default; a PUT may leave categories out.
 */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/notification-settings/', async (request) =>
    settingsOf(app.db, requireUser(request).id, app.smsTransport.name),
  );

  app.put('/api/notification-settings/', async (request) => {
    const user: UserRow = requireUser(request);
    const input = parseInput(notificationSettingsInputSchema, request.body);
    const role = (await loadRecipients(app.db, [user.id])).get(user.id)!.role;
    await app.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ emailNotifications: input.email_notifications, smsNotifications: input.sms_notifications })
        .where(eq(users.id, user.id));
      for (const [category, channels] of Object.entries(input.categories) as Array<
        [NotificationCategory, Record<(typeof NOTIFICATION_CHANNELS)[number], boolean>]
      >) {
        const same = NOTIFICATION_CHANNELS.filter(
          (channel) => channels[channel] === defaultChannelChoice(role, category, channel),
        );
        if (same.length > 0) {
          await tx
            .delete(notificationPreferences)
            .where(
              and(
                eq(notificationPreferences.userId, user.id),
                eq(notificationPreferences.category, category),
                inArray(notificationPreferences.channel, same),
              ),
            );
        }
        const chosen = NOTIFICATION_CHANNELS.filter((channel) => !same.includes(channel));
        for (const channel of chosen) {
          await tx
            .insert(notificationPreferences)
            .values({ userId: user.id, category, channel, enabled: channels[channel] })
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
        .values({ userId: user.id, ...quiet })
        .onConflictDoUpdate({
          target: notificationQuietHours.userId,
          set: { ...quiet, updatedAt: new Date() },
        });
    });
    return settingsOf(app.db, user.id, app.smsTransport.name);
  });
}
