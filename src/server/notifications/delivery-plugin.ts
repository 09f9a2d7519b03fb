import { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HostResolver } from '#server/push/push-endpoint-rule.ts';
import { type PushEndpoints, pushEndpoints } from '#server/push/push-endpoints.ts';
import { type PushTransport, webPushTransport } from '#server/push/push-transport.ts';
import { loadVapidKeys, type VapidKeys } from '#server/push/vapid-keys.ts';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { SendPace } from '#server/schedule/send-pace.ts';
import { type SmsTransport, smsTransportFromConfig } from '#server/sms/sms-transports.ts';
import { DELIVERY_POLICY } from './delivery-policy.ts';
import { mailDueEmails } from './email-deliveries.ts';
import { type RemotePaces, type RemotePassResult, sendDueRemote } from './remote-deliveries.ts';

export interface DeliveryPassResult extends RemotePassResult {
  /** Outbox mails made (a batch of messages is one). */
  mailed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due delivery now (tests; `now` lets a test reach a batch window, quiet hours' end, a retry). */
    flushDeliveries(options?: { now?: Date }): Promise<DeliveryPassResult>;
    smsTransport: SmsTransport;
    /** The VAPID key pair (made on first use for the embedded default), or null: push is off. */
    vapidKeys(): Promise<VapidKeys | null>;
    /** Where pushes may go (push/push-endpoint-rule.ts): checked at subscription and on every send. */
    pushEndpoints: PushEndpoints;
  }
}

export interface DeliveryPluginOptions {
  /** Run the background sender (default true); tests turn it off and call flushDeliveries. */
  runSender?: boolean;
  /** Replaces the configured SMS transport (tests). */
  sms?: SmsTransport;
  /**
   * The HTTPS agent of the test seam (config.push.allowInsecureEndpointsForTests): tests pass one
   * that trusts the local stand-in push service's certificate. Unused while the rule is on: pushes
   * then go through the push-service agent only.
   */
  pushAgent?: Agent;
  /** The push-endpoint rule's resolver (tests: a name resolving to loopback without DNS). */
  pushResolver?: HostResolver;
}

/**
 * Sends notifications' email, SMS and push deliveries every 2 s like the mail sender, as a periodic
 * job (one pass at a time across processes); rows are also claimed with `for update skip locked`,
 * so a pass run by hand (flushDeliveries) and the queue's never send one twice.
 */
export const deliveryPlugin = fp(async (app: FastifyInstance, options: DeliveryPluginOptions) => {
  const sms = options.sms ?? smsTransportFromConfig(app.config, app.log);
  app.decorate('smsTransport', sms);
  // loadConfig refuses the environment's switch on a production server; this stops a config made
  // in code as well.
  const insecure = app.config.push.allowInsecureEndpointsForTests === true;
  if (insecure && (app.config.production || process.env.NODE_ENV === 'production')) {
    throw new Error(
      'push.allowInsecureEndpointsForTests is for tests: a production server sends push only to the browser push services',
    );
  }
  const endpoints = pushEndpoints({
    resolve: options.pushResolver,
    insecureTestAgent: insecure ? (options.pushAgent ?? new Agent()) : undefined,
  });
  app.decorate('pushEndpoints', endpoints);

  let keys: Promise<VapidKeys | null> | null = null;
  const vapidKeys = () => {
    keys ??= loadVapidKeys(app.config, app.log).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
  app.decorate('vapidKeys', vapidKeys);
  let push: PushTransport | null | undefined;
  const pushTransport = async () => {
    if (push === undefined) {
      const pair = await vapidKeys();
      push = pair ? webPushTransport(pair, app.config.push.subject, endpoints.route) : null;
    }
    return push;
  };

  const pass = async (now: Date): Promise<DeliveryPassResult> => {
    const total: DeliveryPassResult = { mailed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0, held: 0 };
    const rates = app.config.sendRates;
    const paces: RemotePaces = {
      sms: new SendPace(rates.sms, DELIVERY_POLICY.pollMs),
      push: new SendPace(rates.push, DELIVERY_POLICY.pollMs),
    };
    for (let batch = 0; batch < DELIVERY_POLICY.maxBatches; batch += 1) {
      const email = await mailDueEmails(app.db, app.config.publicUrl, now);
      const remote = await sendDueRemote(
        app.db,
        { sms, push: pushTransport },
        app.config.publicUrl,
        app.log,
        paces,
        now,
      );
      total.mailed += email.mailed;
      total.cancelled += email.cancelled + remote.cancelled;
      for (const key of ['sent', 'retried', 'failed', 'held'] as const) total[key] += remote[key];
      const remoteLeft = paces.sms.left > 0 || paces.push.left > 0;
      if (email.mailed + email.cancelled === 0 && (remote.claimed < DELIVERY_POLICY.batchSize || !remoteLeft))
        break;
    }
    return total;
  };

  const task = runPeriodically(app, {
    name: 'notification-deliveries',
    firstMs: DELIVERY_POLICY.pollMs,
    everyMs: DELIVERY_POLICY.pollMs,
    enabled: options.runSender !== false,
    run: (runOptions) => pass(runOptions.now ?? new Date()),
  });
  app.decorate('flushDeliveries', task);
});
