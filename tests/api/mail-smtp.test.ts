import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import type { Database } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { devTransport } from '#server/mail/mail-transports.ts';
import { buildTestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let refuse = false;
const received: Received[] = [];
let database: Database;
let app: FastifyInstance;

/** Undoes quoted-printable soft breaks and escapes, enough to read the bodies nodemailer writes. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;

  database = await openTestDatabase();
  const config = {
    ...loadConfig({}),
    staticDir: undefined,
    mailTransport: 'smtp' as const,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'FieldBid <no-reply@fieldbid.test>',
  };
  app = await buildTestApp({ config, database, mailSender: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const outboxRow = async (id: number) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('smtp transport', () => {
  it('delivers subject, text and html to a real SMTP server', async () => {
    const id = await enqueueMail(database.db, {
      to: 'pm@example.test',
      subject: 'Reset your FieldBid password',
      text: 'Open https://fieldbid.test/reset-password-confirm/abc',
      html: '<p>Open <a href="https://fieldbid.test/reset-password-confirm/abc">the link</a></p>',
    });
    expect(await app.flushMail()).toBe(1);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['pm@example.test']);
    expect(mail.from).toBe('no-reply@fieldbid.test');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/^Subject: Reset your FieldBid password$/m);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Open https://fieldbid.test/reset-password-confirm/abc');
    expect(body).toContain('<a href="https://fieldbid.test/reset-password-confirm/abc">');
    expect(await outboxRow(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      transport: 'smtp',
      lockedUntil: null,
    });
  });

  it('keeps a refused mail pending with a later attempt, then delivers it on a later run', async () => {
    received.length = 0;
    refuse = true;
    const id = await enqueueMail(database.db, { to: 'vendor@example.test', subject: 'Hello', text: 'Body' });
    expect(await app.flushMail()).toBe(0);
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(failed.lastError).toContain('Mailbox unavailable');
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: a run now leaves it alone.
    refuse = false;
    expect(await app.flushMail()).toBe(0);
    expect(received).toHaveLength(0);

    expect(await app.flushMail({ now: new Date(failed.nextAttemptAt.getTime() + 1000) })).toBe(1);
    expect(received.map((m) => m.to)).toEqual([['vendor@example.test']]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('marks a mail failed after many attempts but keeps it', async () => {
    refuse = true;
    const id = await enqueueMail(database.db, { to: 'gone@example.test', subject: 'Hello', text: 'Body' });
    await database.db.update(mailOutbox).set({ attempts: 11 }).where(eq(mailOutbox.id, id));
    await app.flushMail();
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 12 });
    refuse = false;
    expect(await app.flushMail({ now: new Date(Date.now() + 86_400_000) })).toBe(0);
  });
});

describe('dev transport', () => {
  it('logs the mail with its links and sends nothing', async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    await devTransport(log).send({
      id: 7,
      to: 'pm@example.test',
      subject: 'Confirm',
      text: 'Open https://fieldbid.test/confirm-email?key=abc now',
      html: null,
    });
    expect(logged).toEqual([
      {
        mail: {
          id: 7,
          to: 'pm@example.test',
          subject: 'Confirm',
          links: ['https://fieldbid.test/confirm-email?key=abc'],
        },
      },
    ]);
  });
});
