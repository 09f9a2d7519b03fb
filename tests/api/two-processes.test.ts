import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { messages } from '#server/db/schema/messages.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { S3FileStore } from '#server/storage/s3-file-store.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { storedFiles } from '../support/file-store-dir.ts';
import { HttpSession } from '../support/http-session.ts';
import { multipart } from '../support/multipart.ts';
import { PostgresDeployment } from '../support/postgres-deployment.ts';
import { makeRequest, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { png } from '../support/test-images.ts';

// PostgreSQL only (vitest.config.ts keeps it out of api-pglite): two real server processes on one
// database and one S3 bucket (s3rver, through STORAGE_URL), as behind a load balancer. Every check
// goes through HTTP, one process writing, the other reading.
let deployment: PostgresDeployment;
let s3: TestS3Server;
let smtp: SMTPServer;
const deliveredSubjects: string[] = [];
let a: string;
let b: string;
let requestId: number;
let managerEmail: string;
let vendorEmail: string;
let projectId: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        deliveredSubjects.push(subject.trim());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  s3 = await startS3Server('fieldbid-deploy');
  deployment = await PostgresDeployment.create();
  const world = await makeRequestWorld(deployment.db);
  managerEmail = world.manager.email;
  projectId = world.project.id;
  vendorEmail = (await makeVendor(deployment.db, { serviceCategories: ['Plumbing'] })).email;
  requestId = (await makeRequest(deployment.db, { createdById: world.manager.id, projectId })).id;
  const env = { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...s3.env('shared') };
  // Both at once, as a deployment starts them: the migrations serialise on their advisory lock.
  const [first, second] = await Promise.all([deployment.startServer(env), deployment.startServer(env)]);
  a = `http://127.0.0.1:${first!.port}`;
  b = `http://127.0.0.1:${second!.port}`;
}, 120_000);

afterAll(async () => {
  await deployment?.dispose();
  await s3?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function isAuthenticated(session: HttpSession, baseUrl: string): Promise<boolean> {
  const response = await session.send('GET', '/api/users/auth-status/', { baseUrl });
  return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
}

describe('two server processes on one PostgreSQL', () => {
  it('a session made on one works on the other, and a logout on one ends it on the other', async () => {
    const session = new HttpSession(a);
    expect(await session.login(managerEmail, TEST_PASSWORD)).toBe(200);
    // B caches the session now, so the logout must reach it through the notification.
    expect(await isAuthenticated(session, b)).toBe(true);
    const snapshot = new Map(session.cookies);
    const logout = await session.send('POST', '/api/users/logout/', { baseUrl: a });
    expect(logout.status).toBe(200);
    // The old cookies, as a stolen copy or a second tab would still send them.
    const stale = new HttpSession(b);
    for (const [name, value] of snapshot) stale.cookies.set(name, value);
    const started = Date.now();
    const still = await poll(
      () => isAuthenticated(stale, b),
      (authenticated) => !authenticated,
      2_000,
    );
    expect(still).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a message posted through one reaches an SSE client of the other', async () => {
    const manager = new HttpSession(b);
    expect(await manager.login(managerEmail, TEST_PASSWORD)).toBe(200);
    const vendor = new HttpSession(a);
    expect(await vendor.login(vendorEmail, TEST_PASSWORD)).toBe(200);

    const controller = new AbortController();
    const events = await fetch(`${b}/api/events/`, {
      headers: { cookie: manager.cookieHeader },
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    const content = `Through A ${randomUUID()}`;
    const posted = await vendor.send('POST', '/api/messages/', { json: { request: requestId, content } });
    expect(posted.status).toBe(201);

    let text = '';
    const decoder = new TextDecoder();
    const timeout = setTimeout(() => controller.abort(), 5_000);
    try {
      while (!text.includes(content)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted: the assertion below says what was missing
    } finally {
      clearTimeout(timeout);
      controller.abort();
    }
    expect(text).toMatch(/event: message\nid: [\w-]+\ndata: .*Through A/);
    expect(text).toContain(content);
  });

  it('the failed-login limit counts the failures of both', async () => {
    const target = await makeUser(deployment.db, { type: 'property_manager' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const guesser = new HttpSession(i % 2 === 0 ? a : b);
      statuses.push(await guesser.login(target.email, 'wrong password'));
    }
    expect(statuses).toEqual(Array(10).fill(400));
    for (const baseUrl of [a, b]) {
      const response = await new HttpSession(baseUrl).send('GET', '/api/get-csrf-token/');
      await response.body?.cancel();
    }
    // Five failures went to each process; the eleventh is refused on either, even with the password.
    expect(await new HttpSession(a).login(target.email, TEST_PASSWORD)).toBe(429);
    expect(await new HttpSession(b).login(target.email, TEST_PASSWORD)).toBe(429);
  });

  it('the same Idempotency-Key sent to both at once makes one row', async () => {
    const vendor = new HttpSession(a);
    expect(await vendor.login(vendorEmail, TEST_PASSWORD)).toBe(200);
    const key = randomUUID();
    const content = `Once ${key}`;
    const send = (baseUrl: string) =>
      vendor.send('POST', '/api/messages/', {
        json: { request: requestId, content },
        headers: { 'idempotency-key': key },
        baseUrl,
      });
    const answers = await Promise.all([send(a), send(b)]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ id: number }>;
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(bodies[0]!.id).toBe(bodies[1]!.id);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const rows = await deployment.db.select().from(messages).where(eq(messages.content, content));
    expect(rows).toHaveLength(1);
  });

  it('a photo uploaded through one is served by the other', async () => {
    const manager = new HttpSession(a);
    expect(await manager.login(managerEmail, TEST_PASSWORD)).toBe(200);
    const image = png(40, 20);
    const form = multipart([
      { name: 'kind', value: 'drone' },
      { name: 'image', value: image, filename: 'roof.png', type: 'image/png' },
    ]);
    const uploaded = await manager.send('POST', `/api/projects/${projectId}/photos/`, {
      body: new Uint8Array(form.body),
      headers: { 'content-type': form.contentType },
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await manager.send('GET', new URL(url, a).pathname, { baseUrl: b });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    // In the bucket, under the prefix both were given, and not on the deployment's local disk.
    const bucket = new S3FileStore(s3.storage('shared'));
    try {
      expect(await bucket.stat(new URL(url, a).pathname.replace(/^\/api\/files\//, ''))).toMatchObject({
        size: image.length,
      });
    } finally {
      bucket.close();
    }
    expect(await storedFiles(deployment.dataDir)).toEqual([]);
  });

  it('the mail outbox sends each mail once, whichever process claims it', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(
        await enqueueMail(deployment.db, {
          to: `someone${i}@example.test`,
          subject: `Scale ${tag} ${i}`,
          text: 'Hello',
        }),
      );
    }
    const sent = await poll(
      () => deployment.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)),
      (rows) => rows.every((row) => row.status === 'sent'),
      20_000,
    );
    expect(sent.map((row) => row.status)).toEqual(Array(30).fill('sent'));
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
    const mine = deliveredSubjects.filter((subject) => subject.startsWith(`Scale ${tag} `));
    expect(mine.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Scale ${tag} ${i}`).sort());
  }, 30_000);
});
