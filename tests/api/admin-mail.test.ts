import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { confirmEmailMail, resetPasswordMail } from '#server/mail/account-mails.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
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
    expect(body).toMatchObject({ count: 12, total_pages: 2, current_page: 1, links_masked: true });
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

describe('single-use links in the staff mail view', () => {
  // Tokens shaped like the real ones (43 base64url characters).
  const resetToken = 'Rk9vYmFyQmF6UXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';
  const confirmToken = 'Q29uZmlybTEyMzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm8';
  const owner = 'link-owner@example.test';
  let resetId = 0;
  let confirmId = 0;

  beforeAll(async () => {
    resetId = await enqueueMail(t.db, resetPasswordMail('https://fieldbid.example', owner, resetToken));
    confirmId = await enqueueMail(t.db, confirmEmailMail('https://fieldbid.example', owner, confirmToken));
  });

  const textOf = (results: Array<{ id: number; text: string }>, id: number) =>
    results.find((mail) => mail.id === id)?.text ?? '';

  it('shows staff the links with their token masked, while the outbox keeps the real mail', async () => {
    const client = await signIn(t.app, staffEmail);
    const { results, links_masked } = (await client.get('/api/admin/mail/')).json();
    expect(links_masked).toBe(true);
    expect(textOf(results, resetId)).toContain(
      'Reset Password: https://fieldbid.example/reset-password-confirm/•••',
    );
    expect(textOf(results, confirmId)).toContain(
      'Confirm Email: https://fieldbid.example/confirm-email?key=•••',
    );
    expect(JSON.stringify(results)).not.toContain(resetToken);
    expect(JSON.stringify(results)).not.toContain(confirmToken);

    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, resetId));
    expect(stored!.textBody).toContain(resetToken);
    expect(stored!.htmlBody).toContain(resetToken);
  });

  it('refuses ?unmasked=1 to staff who are not superusers', async () => {
    const client = await signIn(t.app, staffEmail);
    const response = await client.get('/api/admin/mail/?unmasked=1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only a superuser may read mail with its links unmasked.' });
  });

  it('masks for a superuser too, unless they ask for ?unmasked=1', async () => {
    const superuser = await makeUser(t.db, { type: null, isStaff: true, isSuperuser: true });
    const client = await signIn(t.app, superuser.email);
    const masked = (await client.get('/api/admin/mail/')).json();
    expect(JSON.stringify(masked.results)).not.toContain(resetToken);

    const whole = (await client.get('/api/admin/mail/?unmasked=1')).json();
    expect(whole.links_masked).toBe(false);
    expect(textOf(whole.results, resetId)).toContain(
      `Reset Password: https://fieldbid.example/reset-password-confirm/${resetToken}`,
    );
    expect(textOf(whole.results, confirmId)).toContain(`/confirm-email?key=${confirmToken}`);
  });
});
