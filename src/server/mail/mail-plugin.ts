import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { SendPace } from '#server/schedule/send-pace.ts';
import { MAIL_SENDER_POLICY, sendDueMails } from './mail-sender.ts';
import { type MailTransport, transportFromConfig } from './mail-transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due outbox mail now (tests; `now` lets a test reach a later retry). */
    flushMail(options?: { now?: Date }): Promise<number>;
    mailTransport: MailTransport;
  }
}

export interface MailPluginOptions {
  /** Run the background sender loop (default true); tests turn it off and call flushMail. */
  runSender?: boolean;
  /** Replaces the configured transport (tests). */
  transport?: MailTransport;
}

export const mailPlugin = fp(async (app: FastifyInstance, options: MailPluginOptions) => {
  const transport = options.transport ?? transportFromConfig(app.config, app.log);
  app.decorate('mailTransport', transport);

  // A periodic job: one pass at a time across processes; the outbox's row locks also keep a pass
  // run by hand (flushMail) apart from the queue's.
  const flush = runPeriodically(app, {
    name: 'mail-outbox',
    firstMs: MAIL_SENDER_POLICY.pollMs,
    everyMs: MAIL_SENDER_POLICY.pollMs,
    enabled: options.runSender !== false,
    run: (flushOptions) =>
      sendDueMails(
        app.db,
        transport,
        app.log,
        new SendPace(app.config.sendRates.email, MAIL_SENDER_POLICY.pollMs),
        flushOptions.now,
      ),
  });
  app.decorate('flushMail', flush);
  // Added after runPeriodically's own close hook, which waits for a pass under way.
  app.addHook('onClose', async () => {
    transport.close();
  });
});
