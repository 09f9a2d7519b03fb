import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { checkPhoneCode, issuePhoneCode, voidPhoneCode } from '#server/sms/phone-codes.ts';
import { phoneCodeText } from '#server/sms/sms-texts.ts';
import { SmsSendError } from '#server/sms/sms-transports.ts';
import { notificationSettingsSchema } from '#shared/notification-preferences.ts';
import { PHONE_CODE_MESSAGES, phoneCodeInputSchema } from '#shared/phone-verification.ts';
import { loadNotificationSettings } from './notification-settings-store.ts';

export const PHONE_VERIFICATION_PATH = '/api/notification-settings/phone/verification/';
export const PHONE_VERIFY_PATH = '/api/notification-settings/phone/verify/';

/**
 * Confirming the number texts go to (Settings → Notifications): the profile's number takes texts
 * only once the user typed in a code texted to it (sms/phone-codes.ts). Both answer the settings
 * as GET /api/notification-settings/ does, so the tab shows the new state at once.
 */
export async function phoneVerificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { ...errorResponses, 200: notificationSettingsSchema };

  const sendSchema = {
    summary:
      "Text a 6-digit code to the caller's profile number to confirm it (at most 1 a minute and 5 an hour per user and per number: 429 with Retry-After beyond)",
    response,
  };
  api.post(
    PHONE_VERIFICATION_PATH,
    { schema: sendSchema, preValidation: checkFirst(requireUser) },
    async (request, reply) => {
      const user = requireUser(request);
      const issued = await issuePhoneCode(app.db, user.id);
      if (!issued.ok) {
        if (issued.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(issued.retryAfterSeconds));
        throw new HttpError(issued.status, { detail: issued.detail });
      }
      try {
        await app.smsTransport.send({ deliveryId: null, to: issued.to, body: phoneCodeText(issued.code) });
      } catch (error) {
        // A code whose text may not have arrived must not be the one the user is asked for.
        await voidPhoneCode(app.db, issued.id);
        request.log.warn({ err: error }, 'the confirmation code could not be texted');
        const refused = error instanceof SmsSendError && error.permanent;
        throw refused
          ? new HttpError(400, { detail: PHONE_CODE_MESSAGES.refused })
          : new HttpError(502, { detail: PHONE_CODE_MESSAGES.notSent });
      }
      return loadNotificationSettings(app.db, user.id, app.smsTransport.name);
    },
  );

  const verifySchema = {
    summary:
      'Confirm the profile number with the code texted to it (valid 10 minutes, once; the fifth wrong code voids it)',
    body: phoneCodeInputSchema,
    response,
  };
  api.post(
    PHONE_VERIFY_PATH,
    { schema: verifySchema, preValidation: checkFirst(requireUser) },
    async (request) => {
      const user = requireUser(request);
      const checked = await checkPhoneCode(app.db, user.id, request.body.code);
      if (!checked.ok) throw new HttpError(400, { errors: { code: [checked.detail] } });
      return loadNotificationSettings(app.db, user.id, app.smsTransport.name);
    },
  );
}
