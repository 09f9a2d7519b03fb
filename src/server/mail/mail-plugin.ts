import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

  let running: Promise<number> | null = null;
  // One pass at a time per process; other processes are kept apart by the row locks.
  const flush = async (flushOptions: { now?: Date } = {}): Promise<number> => {
    while (running) await running.catch(() => 0);
    running = sendDueMails(app.db, transport, app.log, flushOptions.now);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  app.decorate('flushMail', flush);

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    flush()
      .catch((error: unknown) => app.log.error({ err: error }, 'mail sender pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, MAIL_SENDER_POLICY.pollMs).unref();
      });
  };
  if (options.runSender !== false) {
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, MAIL_SENDER_POLICY.pollMs).unref();
    });
  }
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    while (running) await running.catch(() => 0);
    transport.close();
  });
});
