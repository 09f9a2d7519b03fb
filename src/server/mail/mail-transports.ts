import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '#server/config/config.ts';

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra header lines (List-Unsubscribe ...); none for most mail. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly name: 'dev' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Development: nothing leaves the machine; the log shows each mail with its links to click. */
export function devTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'dev',
    async send(mail) {
      const links = [...new Set(mail.text.match(LINK_PATTERN) ?? [])];
      log.info({ mail: { id: mail.id, to: mail.to, subject: mail.subject, links } }, 'mail (dev transport)');
    },
    close() {},
  };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers && Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

export function transportFromConfig(config: Config, log: FastifyBaseLogger): MailTransport {
  if (config.mailTransport === 'smtp') {
    // Starting must not need a secret: without SMTP_URL the mail waits in the outbox, retried.
    return smtpTransport(config.smtpUrl ?? 'smtp://127.0.0.1:25', config.mailFrom);
  }
  return devTransport(log);
}
