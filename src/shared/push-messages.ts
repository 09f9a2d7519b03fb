import { z } from 'zod';
import { lineText } from './text-fields.ts';

/** GET /api/push/config/: whether this server sends Web Push, and the key a browser subscribes with. */
export const pushConfigSchema = z.object({
  enabled: z.boolean(),
  /** The VAPID public key (base64url, uncompressed P-256 point); null when push is off. */
  vapid_public_key: z.string().nullable(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const keyText = (max: number) =>
  lineText(max, { error: 'This field is required.' })
    .min(1, 'This field may not be blank.')
    .regex(BASE64URL, 'Must be base64url text.');

/**
 * POST /api/push/subscriptions/: the browser's PushSubscription.toJSON() (endpoint, keys) as it is;
 * `expirationTime` is ignored (a push service answers 404/410 once a subscription ends). Every push
 * service a browser names is https; the server further accepts only a browser push service's host
 * whose addresses are public (src/server/push/push-endpoint-rule.ts), and posts nowhere else.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: lineText(2000, { error: 'This field is required.' }).refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a valid https URL.'),
  keys: z.object(
    { p256dh: keyText(200), auth: keyText(100) },
    { error: 'Give the subscription keys as {p256dh, auth}.' },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

/** One device that receives the user's push notifications. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** A short description of the browser that subscribed (its User-Agent, cut). */
  device: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.array(pushDeviceSchema);

/**
 * What a push message carries to the service worker, which shows it as a notification (sw/sw.ts):
 * `url` is a path of this app, opened (or focused) on click; `tag` makes a repeated delivery of the
 * same notification replace the first instead of showing twice.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
