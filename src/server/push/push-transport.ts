import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '#shared/push-messages.ts';
import { PrivateAddressError, type PushEndpointRefusal } from './push-endpoint-rule.ts';
import { NotPushServiceError } from './push-service-agent.ts';
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
    /** What the push service answered (its body): for the server log only, never stored or shown. */
    readonly serviceAnswer?: string,
  ) {
    super(message);
  }
}

/**
 * The reasons kept on a delivery (staff read them): the status a push service answered, never its
 * body, and no address; a push the endpoint rule refused was not sent anywhere.
 */
export const PUSH_SEND_MESSAGES = {
  notPushService: "Not sent: the device's push address is not a browser push service; nothing was contacted.",
  privateAddress:
    "Not sent: the device's push address leads to a private or local network; nothing was contacted.",
  unreachable: 'push service unreachable',
  status: (status: number) => `push service ${status}`,
} as const;

/**
 * How pushes reach their endpoint: the rule checked before each send, and the agent that connects
 * (one that enforces the rule again at connect time, or the test seam's, push-endpoints.ts).
 */
export interface PushRoute {
  refusal(endpoint: string): PushEndpointRefusal | null;
  agent: Agent;
}

export interface PushTransport {
  send(push: OutgoingPush): Promise<void>;
}

/** A day: a phone that is off longer gets the notification from the app's bell instead. */
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

/** A Node system error's code (ECONNREFUSED, ETIMEDOUT...), which names no address. */
function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z_]+$/.test(code) ? code : null;
}

/**
 * Sends through the maintained `web-push` library (VAPID JWT, aes128gcm payload encryption, the push
 * service's HTTP API), to an endpoint the route's rule allows and through the route's agent. A
 * refused endpoint fails for good (and the device goes when its address can never be a push
 * service's); what a push service answered reaches the delivery as its status only.
 */
export function webPushTransport(keys: VapidKeys, subject: string, route: PushRoute): PushTransport {
  return {
    async send(push) {
      const refusal = route.refusal(push.subscription.endpoint);
      if (refusal) throw new PushSendError(PUSH_SEND_MESSAGES[refusal], true, true);
      // The parsed URL's own text: `web-push` parses it again with the legacy parser, which then
      // reads the same host and port as the rule did.
      const endpoint = new URL(push.subscription.endpoint).href;
      try {
        await webpush.sendNotification({ ...push.subscription, endpoint }, JSON.stringify(push.payload), {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: push.urgency,
          topic: push.topic,
          timeout: REQUEST_TIMEOUT_MS,
          agent: route.agent,
        });
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          const status = error.statusCode;
          const answer = String(error.body ?? '').slice(0, 300);
          const detail = PUSH_SEND_MESSAGES.status(status);
          if (status === 404 || status === 410) throw new PushSendError(detail, true, true, answer);
          const transient = status === 429 || status >= 500;
          throw new PushSendError(detail, !transient, false, answer);
        }
        if (error instanceof PrivateAddressError) {
          throw new PushSendError(PUSH_SEND_MESSAGES.privateAddress, true);
        }
        if (error instanceof NotPushServiceError) {
          throw new PushSendError(PUSH_SEND_MESSAGES.notPushService, true, true);
        }
        const code = errorCode(error);
        throw new PushSendError(
          code ? `${PUSH_SEND_MESSAGES.unreachable} (${code})` : PUSH_SEND_MESSAGES.unreachable,
          false,
        );
      }
    },
  };
}
