import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError } from '#server/http/http-error.ts';
import { ownRecordRoutes } from '#server/http/own-record-routes.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  type PushDevice,
  pushConfigSchema,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushSubscriptionInputSchema,
} from '#shared/push-messages.ts';
import { cleanHeaderText } from '#shared/text-fields.ts';
import { deviceLabel } from './device-label.ts';
import { PUSH_ENDPOINT_MESSAGES } from './push-endpoint-rule.ts';
import {
  deletePushSubscription,
  listPushSubscriptions,
  type PushSubscriptionRow,
  savePushSubscription,
} from './push-subscription-store.ts';

const PUSH_OFF = 'Push notifications are not set up on this server.';
const DEVICE_NOT_FOUND = 'Device not found.';

function deviceBody(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    device: deviceLabel(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/**
 * Web Push: GET /api/push/config/ (the VAPID public key a browser subscribes with),
 * the signed-in user's devices (GET, POST to add this browser's subscription, DELETE one).
 */
export async function pushSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireUser);

  const configSchema = {
    summary: 'Whether this server sends Web Push, and the key a browser subscribes with',
    response: { ...errorResponses, 200: pushConfigSchema },
  };
  api.get('/api/push/config/', { schema: configSchema }, async (request) => {
    requireUser(request);
    const keys = await app.vapidKeys();
    return { enabled: keys !== null, vapid_public_key: keys?.publicKey ?? null };
  });

  const addSchema = {
    summary: "Add this browser's push subscription (PushSubscription.toJSON())",
    body: pushSubscriptionInputSchema,
    response: { ...errorResponses, 201: pushDeviceSchema },
  };
  api.post(
    '/api/push/subscriptions/',
    { schema: addSchema, preValidation: signedInFirst },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      if (!(await app.vapidKeys())) throw new HttpError(409, { detail: PUSH_OFF });
      // The server will POST to this address: only a browser push service's (push-endpoint-rule.ts).
      const refusal = await app.pushEndpoints.refusalAtRegistration(input.endpoint);
      if (refusal) throw new HttpError(400, { errors: { endpoint: [PUSH_ENDPOINT_MESSAGES[refusal]] } });
      const row = await savePushSubscription(app.db, {
        userId: user.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: cleanHeaderText(request.headers['user-agent'], 300),
      });
      return reply.code(201).send(deviceBody(row));
    },
  );

  ownRecordRoutes(app, {
    path: '/api/push/subscriptions/',
    owner: requireUser,
    list: {
      summary: "The user's devices that receive push notifications, newest first",
      response: pushDeviceListSchema,
      load: (userId) => listPushSubscriptions(app.db, userId),
      toBody: deviceBody,
    },
    remove: {
      summary: 'Stop push notifications to one of the own devices',
      notFound: DEVICE_NOT_FOUND,
      run: (userId, id) => deletePushSubscription(app.db, userId, id),
    },
  });
}
