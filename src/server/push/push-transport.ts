import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '#shared/push-messages.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface OutgoingPush {
  deliveryId: number;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: PushPayload;
  /** Replaces an undelivered message with the same topic at the push service (a resend after a crash). */
  topic: string;
  urgency: 'normal' | 'high';
}

/**
 * A push service's refusal. `gone`: 404 or 410, the subscription has ended (the user revoked the
 * permission, the browser dropped it): the device is deleted. `permanent`: retrying cannot help.
 */
export class PushSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly gone = false,
  ) {
    super(message);
  }
}

export interface PushTransport {
  send(push: OutgoingPush): Promise<void>;
}

/** A day: a phone that is off longer gets the notification from the app's bell instead. */
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends through the maintained `web-push` library (VAPID JWT, aes128gcm payload encryption, the push
 * service's HTTP API). `agent` lets tests trust the local stand-in's self-made certificate.
 */
export function webPushTransport(keys: VapidKeys, subject: string, agent?: Agent): PushTransport {
  return {
    async send(push) {
      try {
        await webpush.sendNotification(push.subscription, JSON.stringify(push.payload), {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: push.urgency,
          topic: push.topic,
          timeout: REQUEST_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          const status = error.statusCode;
          const detail = `push service ${status}: ${String(error.body || error.message).slice(0, 300)}`;
          if (status === 404 || status === 410) throw new PushSendError(detail, true, true);
          const transient = status === 429 || status >= 500;
          throw new PushSendError(detail, !transient);
        }
        throw new PushSendError(
          `push service unreachable: ${error instanceof Error ? error.message : String(error)}`,
          false,
        );
      }
    },
  };
}
