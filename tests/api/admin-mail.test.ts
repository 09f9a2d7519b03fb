import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let staffEmail = '';
let vendorEmail = '';

beforeAll(async () => {
  t = await startTestApp();
  staffEmail = (await makeUser(t.db, { type: null, isStaff: true })).email;
  vendorEmail = (await makeUser(t.db)).email;
  for (let n = 1; n <= 12; n += 1) {
    await enqueueMail(t.db, { to: `person${n}@example.test`, subject: `Mail ${n}`, text: `Body ${n}` });
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/mail/', () => {
  it('lists the newest mail first, 10 a page, for staff', async () => {
    const client = new TestClient(t.app, '10.9.0.1');
    expect((await client.login(staffEmail, TEST_PASSWORD)).statusCode).toBe(200);

    const first = await client.get('/api/admin/mail/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ count: 12, total_pages: 2, current_page: 1 });
    expect(body.results).toHaveLength(10);
    expect(body.results[0]).toMatchObject({
      to: 'person12@example.test',
      subject: 'Mail 12',
      text: 'Body 12',
      // The app's own mail sender may already have delivered it (dev transport) under load.
      status: expect.stringMatching(/^(pending|sent)$/),
    });
    expect(Object.keys(body.results[0]).sort()).toEqual([
      'created_at',
      'id',
      'status',
      'subject',
      'text',
      'to',
    ]);

    const second = (await client.get('/api/admin/mail/?page=2')).json();
    expect(second.current_page).toBe(2);
    expect(second.results.map((m: { subject: string }) => m.subject)).toEqual(['Mail 2', 'Mail 1']);
  });

  it('refuses a vendor with 403', async () => {
    const client = new TestClient(t.app, '10.9.0.2');
    expect((await client.login(vendorEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await client.get('/api/admin/mail/')).statusCode).toBe(403);
  });

  it('refuses a visitor with 401', async () => {
    const client = new TestClient(t.app, '10.9.0.3');
    await client.csrfToken();
    expect((await client.get('/api/admin/mail/')).statusCode).toBe(401);
  });
});
