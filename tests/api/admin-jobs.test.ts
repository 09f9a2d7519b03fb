import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

/**
 * The job queue in the admin console: the app's periodic work runs as jobs (the mail outbox's pass
 * sends a queued mail with nobody calling it), staff see each kind's depth and the failed jobs
 * with their error, and retry or discard one.
 */
let t: TestApp;
let staff: TestClient;
const PROBE = 'admin-probe';

async function failedJob(message: string): Promise<string> {
  const boss = await t.app.jobs.library();
  await boss.createQueue(PROBE, { retryLimit: 0 });
  await boss.send(PROBE, { message });
  const [job] = await boss.fetch(PROBE);
  await boss.fail(PROBE, job!.id, new Error(message));
  return job!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const email = (await makeUser(t.db, { type: null, isStaff: true })).email;
  staff = new TestClient(t.app, '10.9.1.1');
  expect((await staff.login(email, TEST_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the job queue for staff', () => {
  it("runs the app's periodic work as jobs: a queued mail goes out on its own", async () => {
    const id = await enqueueMail(t.db, { to: 'queue@example.test', subject: 'By the queue', text: 'Hello' });
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status, {
        timeout: 30_000,
      })
      .toBe('sent');
    const answer = await staff.get('/api/admin/jobs/');
    expect(answer.statusCode).toBe(200);
    const kinds = answer.json().kinds.map((kind: { kind: string }) => kind.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'expired-records-sweep',
        'insurance-expiry-check',
        'mail-outbox',
        'notification-deliveries',
      ]),
    );
  });

  it('lists a failed job with its error, retries it, and discards one', async () => {
    const first = await failedJob('the SMS provider answered 500');
    const second = await failedJob('the push service refused the key');

    const answer = await staff.get('/api/admin/jobs/');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.kinds).toContainEqual({ kind: PROBE, ready: 0, deferred: 0, active: 0, failed: 2 });
    expect(body.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: first,
          kind: PROBE,
          error: 'the SMS provider answered 500',
          attempts: 1,
        }),
        expect.objectContaining({ id: second, kind: PROBE, error: 'the push service refused the key' }),
      ]),
    );

    const retried = await staff.post(`/api/admin/jobs/${PROBE}/${first}/retry/`, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ retried: true });
    const discarded = await staff.request('DELETE', `/api/admin/jobs/${PROBE}/${second}/`);
    expect(discarded.statusCode).toBe(204);

    const after = (await staff.get('/api/admin/jobs/')).json();
    expect(after.failed.map((job: { id: string }) => job.id)).not.toContain(first);
    expect(after.failed.map((job: { id: string }) => job.id)).not.toContain(second);
    // The retried job waits to run again (no worker takes this kind); the discarded one is gone.
    expect(after.kinds).toContainEqual({ kind: PROBE, ready: 1, deferred: 0, active: 0, failed: 0 });

    // Neither can be retried or discarded again: only a failed job can.
    expect((await staff.post(`/api/admin/jobs/${PROBE}/${first}/retry/`, {})).statusCode).toBe(404);
    expect((await staff.request('DELETE', `/api/admin/jobs/${PROBE}/${second}/`)).statusCode).toBe(404);
    expect((await staff.request('DELETE', `/api/admin/jobs/${PROBE}/not-a-uuid/`)).statusCode).toBe(404);
  });
});
