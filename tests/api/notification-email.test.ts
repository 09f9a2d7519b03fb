import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notificationPreferences } from '#server/db/schema/notification-deliveries.ts';
import { MAIL_SENDER_POLICY, sendDueMails } from '#server/mail/mail-sender.ts';
import { smtpTransport } from '#server/mail/mail-transports.ts';
import { DELIVERY_POLICY } from '#server/notifications/delivery-policy.ts';
import { SendPace } from '#server/schedule/send-pace.ts';
import {
  type DeliveryApp,
  deliveriesOf,
  later,
  MINUTE,
  mailsTo,
  makePerson,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
} from '../support/delivery-app.ts';
import { makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';

/*
 * Notification email: through the mail outbox, text and HTML, a link straight to the
 * thread or request, one-click unsubscribe per category (RFC 8058), and a thread's messages batched
 * into one mail that reading the thread in the app cancels.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

/** A vendor with email on for messages only, in a thread with a manager, and the manager's client. */
async function thread() {
  const vendor = await makePerson(t, 'vendor', { device: false });
  await saveSettings(vendor, {
    email_notifications: true,
    sms_notifications: false,
    categories: { messages: { email: true, sms: false, push: false } },
    quiet_hours: QUIET_OFF,
  });
  const world = await makeRequestWorld(t.db);
  const request = await makeRequest(t.db, {
    createdById: world.manager.id,
    projectId: world.project.id,
    invited: [vendor.id],
  });
  const manager = await signIn(t.app, world.manager.email);
  return { vendor, manager, request, world };
}

async function write(manager: TestClient, requestId: number, vendor: Person, content: string) {
  const sent = await manager.post('/api/messages/', { request: requestId, vendor: vendor.id, content });
  expect(sent.statusCode).toBe(201);
}

const messageMails = async (person: Person) =>
  (await mailsTo(t, person.email)).filter((mail) => mail.template === 'notification_messages');

describe('a message mail', () => {
  it('waits under a minute and carries every message of the thread written meanwhile, once', async () => {
    const { vendor, manager, request } = await thread();
    await write(manager, request.id, vendor, 'Can you come on Tuesday?');
    await write(manager, request.id, vendor, 'Morning would be best.');

    await t.app.flushDeliveries({ now: later(MINUTE / 2) });
    expect(await messageMails(vendor)).toHaveLength(0);

    await write(manager, request.id, vendor, 'The gate code is 4321.');
    await t.app.flushDeliveries({ now: later(MINUTE) });
    const mails = await messageMails(vendor);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`3 new messages on request #${request.id}`);
    for (const line of ['Can you come on Tuesday?', 'Morning would be best.', 'The gate code is 4321.']) {
      expect(mail!.textBody).toContain(line);
      expect(mail!.htmlBody).toContain(line);
    }
    expect(mail!.textBody.indexOf('Tuesday')).toBeLessThan(mail!.textBody.indexOf('gate code'));
    expect(mail!.textBody).toContain(
      `Open the conversation: http://localhost:8080/vendor/messages/${request.id}`,
    );
    expect(mail!.htmlBody).toContain(`href="http://localhost:8080/vendor/messages/${request.id}"`);
    const deliveries = await deliveriesOf(t, vendor.id);
    expect(deliveries.map((d) => [d.channel, d.status, d.mailId])).toEqual([
      ['email', 'sent', mail!.id],
      ['email', 'sent', mail!.id],
      ['email', 'sent', mail!.id],
    ]);

    // Nothing more goes out for them however often the sender runs.
    await t.app.flushDeliveries({ now: later(30 * MINUTE) });
    expect(await messageMails(vendor)).toHaveLength(1);
  });

  it('quotes only the newest messages of a flooded thread, counts them all and sends them once', async () => {
    const { vendor, manager, request } = await thread();
    const total = DELIVERY_POLICY.maxQuoted + 5;
    for (let i = 1; i <= total; i += 1) await write(manager, request.id, vendor, `Update number ${i}.`);
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    const mails = await messageMails(vendor);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`${total} new messages on request #${request.id}`);
    expect(mail!.textBody).toContain(
      `You have ${total} new messages on request #${request.id}; the latest 20:`,
    );
    expect(mail!.textBody).toContain(`Update number ${total}.`);
    expect(mail!.textBody).toContain('Update number 6.');
    expect(mail!.textBody).not.toContain('Update number 5.');
    const deliveries = await deliveriesOf(t, vendor.id);
    expect(deliveries).toHaveLength(total);
    expect(deliveries.every((d) => d.status === 'sent' && d.mailId === mail!.id)).toBe(true);
  });

  it('is one mail per thread', async () => {
    const { vendor, manager, request, world } = await thread();
    const other = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      invited: [vendor.id],
    });
    await write(manager, request.id, vendor, 'About the sink');
    await write(manager, other.id, vendor, 'About the roof');
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    const mails = await messageMails(vendor);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      expect.stringMatching(/^New message from /),
      expect.stringMatching(/^New message from /),
    ]);
    expect(mails.map((mail) => mail.textBody.includes('About the sink'))).toContain(true);
    expect(mails.map((mail) => mail.textBody.includes('About the roof'))).toContain(true);
  });

  it('is not sent when the thread was read in the app before it went out', async () => {
    const { vendor, manager, request } = await thread();
    await write(manager, request.id, vendor, 'Are you on site?');
    await write(manager, request.id, vendor, 'Call me.');
    const read = await vendor.client.post('/api/messages/read/', { request: request.id });
    expect(read.statusCode, read.body).toBe(200);
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    expect(await messageMails(vendor)).toHaveLength(0);
    const deliveries = await deliveriesOf(t, vendor.id);
    expect(deliveries.map((d) => [d.status, d.lastError])).toEqual([
      ['cancelled', 'Read in the app before it was sent.'],
      ['cancelled', 'Read in the app before it was sent.'],
    ]);

    // A later message, unread, gets its own mail.
    await write(manager, request.id, vendor, 'Never mind, see you tomorrow.');
    await t.app.flushDeliveries({ now: later(8 * MINUTE) });
    const mails = await messageMails(vendor);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('see you tomorrow');
    expect(mails[0]!.textBody).not.toContain('Call me.');
  });

  it('is not sent when email was switched off before it went out', async () => {
    const { vendor, manager, request } = await thread();
    await write(manager, request.id, vendor, 'Quick question');
    const profile = (await vendor.client.get('/api/user-profile/')).json();
    expect(
      (
        await vendor.client.request('PUT', '/api/user-profile/', {
          json: { ...profile, email_notifications: false },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    expect(await messageMails(vendor)).toHaveLength(0);
    expect((await deliveriesOf(t, vendor.id)).map((d) => [d.status, d.lastError])).toEqual([
      ['cancelled', 'Turned off before it was sent.'],
    ]);
  });
});

describe('reading a thread in the app', () => {
  /** A vendor with messages on every channel, in a thread where the manager wrote once. */
  async function unreadEverywhere() {
    const { vendor, manager, request } = await thread();
    await saveSettings(vendor, {
      email_notifications: true,
      sms_notifications: true,
      categories: { messages: { email: true, sms: true, push: true } },
      quiet_hours: QUIET_OFF,
    });
    const device = t.push.newDevice();
    expect((await vendor.client.post('/api/push/subscriptions/', device)).statusCode).toBe(201);
    await write(manager, request.id, vendor, 'Is the tenant home?');
    return { vendor, request };
  }
  const outcomes = async (person: Person) =>
    (await deliveriesOf(t, person.id)).map((d) => [d.channel, d.status, d.lastError]).sort();

  it('opening it (GET, as a link from another site can) leaves its email, text and push to go out', async () => {
    const { vendor, request } = await unreadEverywhere();
    // A cross-site GET carries the session cookie: it must not count as the vendor having read it.
    const opened = await vendor.client.get(`/api/messages/?request=${request.id}`);
    expect(opened.statusCode).toBe(200);
    expect((await vendor.client.get(`/api/messages/?request=${request.id}&mark_read=true`)).statusCode).toBe(
      200,
    );
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    expect(await outcomes(vendor)).toEqual([
      ['email', 'sent', null],
      ['push', 'sent', null],
      ['sms', 'sent', null],
    ]);
  });

  it('marking it read (POST /api/messages/read/) cancels its email, text and push', async () => {
    const { vendor, request } = await unreadEverywhere();
    const marked = await vendor.client.post('/api/messages/read/', { request: request.id });
    expect(marked.statusCode, marked.body).toBe(200);
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    const read = 'Read in the app before it was sent.';
    expect(await outcomes(vendor)).toEqual([
      ['email', 'cancelled', read],
      ['push', 'cancelled', read],
      ['sms', 'cancelled', read],
    ]);
    expect(await messageMails(vendor)).toHaveLength(0);
  });
});

describe('unsubscribing from a category', () => {
  async function mailWithLink() {
    const { vendor, manager, request } = await thread();
    await write(manager, request.id, vendor, 'Hello');
    await t.app.flushDeliveries({ now: later(4 * MINUTE) });
    const [mail] = await messageMails(vendor);
    const header = mail!.headers?.['List-Unsubscribe'] ?? '';
    const url = /^<(http:\/\/localhost:8080\/unsubscribe\/[^>]+)>$/.exec(header)?.[1];
    expect(url).toBeDefined();
    return { vendor, manager, request, mail: mail!, path: new URL(url!).pathname };
  }

  it('carries List-Unsubscribe with One-Click (RFC 8058) and the same link in both bodies', async () => {
    const { mail, path } = await mailWithLink();
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:8080${path}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.textBody).toContain(`Unsubscribe from messages emails: http://localhost:8080${path}`);
    expect(mail.htmlBody).toContain(`href="http://localhost:8080${path}"`);
  });

  it('asks on GET (a link scanner changes nothing) and turns that category off on the one-click POST', async () => {
    const { vendor, manager, request, path } = await mailWithLink();
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from messages emails?');
    expect(page.body).toContain(vendor.email);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const emailChoices = async () =>
      (
        await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, vendor.id))
      ).filter((choice) => choice.channel === 'email');
    expect(await emailChoices()).toEqual([]);

    // What a mail client sends: a form-encoded POST with no cookie and no CSRF token.
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('You are unsubscribed');
    expect(await emailChoices()).toEqual([expect.objectContaining({ category: 'messages', enabled: false })]);
    const settings = (await vendor.client.get('/api/notification-settings/')).json();
    expect(settings.email_notifications).toBe(true);
    expect(settings.categories.find((c: { category: string }) => c.category === 'messages')).toMatchObject({
      email: false,
    });

    await write(manager, request.id, vendor, 'Still there?');
    await t.app.flushDeliveries({ now: later(10 * MINUTE) });
    expect(await messageMails(vendor)).toHaveLength(1);

    // Repeating it, also as multipart (the other encoding RFC 8058 allows), changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
  });

  it('is refused for a changed or made-up token, which changes nothing', async () => {
    const { vendor, path } = await mailWithLink();
    const token = path.split('/').pop()!;
    const [, category, signature] = token.split('.');
    const forged = [
      `/unsubscribe/${vendor.id + 1}.${category}.${signature}`,
      `/unsubscribe/${vendor.id}.bid_results.${signature}`,
      `/unsubscribe/${vendor.id}.${category}.${'A'.repeat(43)}`,
      '/unsubscribe/nonsense',
    ];
    for (const url of forged) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url, payload: '' })).statusCode).toBe(404);
    }
    const choices = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, vendor.id));
    expect(choices.filter((choice) => choice.channel === 'email')).toEqual([]);
  });
});

/** A local SMTP server that keeps each message it receives, and a transport to it. */
async function smtpSink() {
  const raw: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        raw.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const transport = smtpTransport(
    `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    'FieldBid <no-reply@fieldbid.test>',
  );
  return {
    raw,
    transport,
    async close() {
      transport.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    },
  };
}

/** Leaves only this vendor's message mails pending, so an outbox pass sends those alone. */
async function onlyPending(vendor: Person) {
  await t.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.status, 'pending'));
  const mails = await messageMails(vendor);
  for (const mail of mails) {
    await t.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.id, mail.id));
  }
  return mails;
}

/** One outbox pass's pace, as the app's sender makes it. */
const emailPace = () => new SendPace(t.app.config.sendRates.email, MAIL_SENDER_POLICY.pollMs);

describe('on the wire', () => {
  it('reaches the SMTP server within a minute of the messages, written together in one mail', async () => {
    const sink = await smtpSink();
    try {
      const { vendor, manager, request } = await thread();
      const written = Date.now();
      await write(manager, request.id, vendor, 'Are you free this afternoon?');
      await write(manager, request.id, vendor, 'The tenant is home until five.');
      // The background senders run every pollMs: the delivery pass makes the outbox mail at most
      // pollMs after it is due, the outbox sends it at most pollMs after that. Both within the minute:
      const deliveryPass = new Date(written + MINUTE - DELIVERY_POLICY.pollMs - MAIL_SENDER_POLICY.pollMs);
      const outboxPass = new Date(deliveryPass.getTime() + MAIL_SENDER_POLICY.pollMs);
      await t.app.flushDeliveries({ now: deliveryPass });
      const mails = await onlyPending(vendor);
      expect(mails.map((mail) => mail.subject)).toEqual([`2 new messages on request #${request.id}`]);
      expect(await sendDueMails(t.db, sink.transport, t.app.log, emailPace(), outboxPass)).toBe(1);
      expect(sink.raw).toHaveLength(1);
      const message = sink.raw[0]!.replace(/\r\n[ \t]+/g, ' ');
      expect(message).toMatch(new RegExp(`^Subject: 2 new messages on request #${request.id}$`, 'm'));
      expect(message).toContain('Are you free this afternoon?');
      expect(message).toContain('The tenant is home until five.');
    } finally {
      await sink.close();
    }
  });

  it('reaches an SMTP server with text, HTML and both unsubscribe headers', async () => {
    const sink = await smtpSink();
    const { raw, transport } = sink;
    try {
      const { vendor, manager, request } = await thread();
      await write(manager, request.id, vendor, 'Over the wire');
      await t.app.flushDeliveries({ now: later(4 * MINUTE) });
      // Only this vendor's mail is due in this outbox pass's reach; others were sent by earlier tests' rows.
      await onlyPending(vendor);
      expect(await sendDueMails(t.db, transport, t.app.log, emailPace())).toBe(1);
      expect(raw).toHaveLength(1);
      const message = raw[0]!.replace(/\r\n[ \t]+/g, ' ');
      expect(message).toMatch(/^List-Unsubscribe: <http:\/\/localhost:8080\/unsubscribe\/[^>]+>$/m);
      expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(message).toMatch(/Content-Type: text\/plain/);
      expect(message).toMatch(/Content-Type: text\/html/);
    } finally {
      await sink.close();
    }
  });
});
