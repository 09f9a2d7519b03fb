import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
} from '#shared/notification-preferences.ts';
import { loadNotificationSettings, saveNotificationSettings } from './notification-settings-store.ts';

/**
 * GET/PUT /api/notification-settings/, the Settings notification tab: the profile's two
 * master switches (the same columns as the spec's email_notifications and sms_notifications on
 * /api/user-profile/), each category's channels, and quiet hours. A PUT may leave categories out.
 */
export async function notificationSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { ...errorResponses, 200: notificationSettingsSchema };

  const readSchema = { summary: "The user's notification channels per category, and quiet hours", response };
  api.get('/api/notification-settings/', { schema: readSchema }, async (request) =>
    loadNotificationSettings(app.db, requireUser(request).id, app.smsTransport.name),
  );

  const saveSchema = {
    summary: 'Save the master switches, the channels per category and quiet hours',
    body: notificationSettingsInputSchema,
    response,
  };
  api.put(
    '/api/notification-settings/',
    { schema: saveSchema, preValidation: checkFirst(requireUser) },
    async (request) => {
      const user = requireUser(request);
      await saveNotificationSettings(app.db, user.id, request.body);
      return loadNotificationSettings(app.db, user.id, app.smsTransport.name);
    },
  );
}
