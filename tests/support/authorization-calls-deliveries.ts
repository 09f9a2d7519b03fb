import { createECDH, randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { phoneVerificationCodes } from '#server/db/schema/phone-verification-codes.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { users } from '#server/db/schema/users.ts';
import { unsubscribeToken } from '#server/notifications/unsubscribe-token.ts';
import { phoneCodeHash, phoneCodeSecret } from '#server/sms/phone-codes.ts';
import type { MatrixCall } from './authorization-calls.ts';
import type { Actor, AuthorizationWorld } from './authorization-world.ts';
import { phoneFor } from './test-phone.ts';

/** The category vendor's device, in every device list the matrix reads: no one else may see it. */
export const CATEGORY_DEVICE = 'https://fcm.googleapis.com/fcm/send/catalina-device';

/** A push subscription as a browser gives it, at an endpoint of its own (on a real push service's host). */
function subscription(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function categoryDevice(w: AuthorizationWorld): Promise<number> {
  const device = subscription('unused');
  const [row] = await w.t.db
    .insert(pushSubscriptions)
    .values({
      userId: w.users.category.id,
      endpoint: CATEGORY_DEVICE,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: w.users.category.id } })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

const settingsOf = (w: AuthorizationWorld, actor: Actor) => {
  const user = w.users[actor === 'visitor' ? 'category' : actor];
  return {
    email_notifications: user.emailNotifications,
    sms_notifications: user.smsNotifications,
    categories: {},
    quiet_hours: { enabled: false, start: '21:00', end: '07:00', time_zone: 'America/Denver' },
  };
};

/**
 * The actor's profile with a number of its own, unconfirmed, and no codes sent yet (so the sending
 * limits never refuse a second run of the call): the ten digits.
 */
async function unconfirmedNumber(
  w: AuthorizationWorld,
  actor: Actor,
): Promise<{ userId: number; phone: string }> {
  const userId = w.users[actor === 'visitor' ? 'category' : actor].id;
  const phone = phoneFor(process.pid, 90_000 + userId);
  await w.t.db
    .update(users)
    .set({ phoneNumber: phone, phoneVerifiedNumber: null, phoneVerifiedAt: null })
    .where(eq(users.id, userId));
  await w.t.db
    .delete(phoneVerificationCodes)
    .where(or(eq(phoneVerificationCodes.userId, userId), eq(phoneVerificationCodes.phoneNumber, phone)));
  return { userId, phone };
}

const MATRIX_CODE = '246810';

/** Notifications away from the screen: settings, push devices, unsubscribe links, STOP, staff view. */
export const deliveryCalls: Record<string, MatrixCall> = {
  'GET /api/notification-settings/': { call: () => ({ method: 'GET', url: '/api/notification-settings/' }) },
  "PUT /api/notification-settings/ [the caller's own settings, unchanged]": {
    changes: true,
    call: (w, actor) => ({ method: 'PUT', url: '/api/notification-settings/', json: settingsOf(w, actor) }),
  },
  "POST /api/notification-settings/phone/verification/ [the caller's own unconfirmed number]": {
    changes: true,
    call: async (w, actor) => {
      await unconfirmedNumber(w, actor);
      return { method: 'POST', url: '/api/notification-settings/phone/verification/' };
    },
  },
  "POST /api/notification-settings/phone/verify/ [the code texted to the caller's number]": {
    changes: true,
    call: async (w, actor) => {
      const { userId, phone } = await unconfirmedNumber(w, actor);
      const secret = await phoneCodeSecret(w.t.db);
      await w.t.db.insert(phoneVerificationCodes).values({
        userId,
        phoneNumber: phone,
        codeHash: phoneCodeHash(secret, userId, phone, MATRIX_CODE),
        expiresAt: new Date(Date.now() + 10 * 60_000),
      });
      return { method: 'POST', url: '/api/notification-settings/phone/verify/', json: { code: MATRIX_CODE } };
    },
  },
  'GET /api/push/config/': { call: () => ({ method: 'GET', url: '/api/push/config/' }) },
  'GET /api/push/subscriptions/': {
    call: async (w) => {
      await categoryDevice(w);
      return { method: 'GET', url: '/api/push/subscriptions/' };
    },
  },
  "POST /api/push/subscriptions/ [a new device of the caller's]": {
    changes: true,
    call: (_w, actor) => ({
      method: 'POST',
      url: '/api/push/subscriptions/',
      json: subscription(`matrix-${actor}-${randomBytes(4).toString('hex')}`),
    }),
  },
  "DELETE /api/push/subscriptions/:id/ [the category vendor's device]": {
    changes: true,
    call: async (w) => ({ method: 'DELETE', url: `/api/push/subscriptions/${await categoryDevice(w)}/` }),
  },
  "GET /unsubscribe/:token [the category vendor's messages email link]": {
    call: async (w) => ({
      method: 'GET',
      url: `/unsubscribe/${await unsubscribeToken(w.t.db, w.users.category.id, 'messages')}`,
    }),
  },
  "POST /unsubscribe/:token [the category vendor's messages email link]": {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/unsubscribe/${await unsubscribeToken(w.t.db, w.users.category.id, 'messages')}`,
      urlencoded: { 'List-Unsubscribe': 'One-Click' },
    }),
  },
  'POST /api/sms/inbound/ [no Twilio signature]': {
    changes: true,
    call: (w) => ({
      method: 'POST',
      url: '/api/sms/inbound/',
      urlencoded: { From: `+1${w.users.category.phoneNumber || '7205550100'}`, Body: 'STOP' },
    }),
  },
  'GET /api/admin/notification-deliveries/': {
    call: () => ({ method: 'GET', url: '/api/admin/notification-deliveries/' }),
  },
};
