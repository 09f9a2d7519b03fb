import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let addressCounter = 0;
const newClient = async () => {
  const client = new TestClient(t.app, `10.5.0.${++addressCounter}`);
  await client.csrfToken();
  return client;
};
const staffMails = (template: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.template, template));

/** A multipart/form-data body as the browser's FormData sends it. */
function formData(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----fieldbidtest';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function postForm(client: TestClient, url: string, fields: Record<string, string>, csrf = true) {
  const { payload, headers } = formData(fields);
  const cookie = [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: client.remoteAddress,
    headers: { ...headers, cookie, ...(csrf ? { 'x-csrftoken': client.cookies.get('csrftoken')! } : {}) },
  });
}

beforeAll(async () => {
  t = await startTestApp({ staffEmail: 'team@fieldbid.test' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/demo-requests/', () => {
  it('stores the request and mails staff', async () => {
    const client = await newClient();
    const response = await client.post('/api/demo-requests/', {
      email: 'pm@acme.test',
      company_name: 'Acme Homes',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message:
        'Your demo request has been submitted. If approved, our team will email you with a link to your demo shortly!',
    });
    const rows = await t.db.select().from(demoRequests).where(eq(demoRequests.email, 'pm@acme.test'));
    expect(rows).toMatchObject([{ companyName: 'Acme Homes', status: 'new' }]);
    const [mail] = await staffMails('staff_demo_request');
    expect(mail).toMatchObject({ toAddress: 'team@fieldbid.test' });
    expect(mail!.textBody).toContain('Acme Homes');
    expect(mail!.textBody).toContain('pm@acme.test');
    expect(mail!.htmlBody).toContain('FieldBid');
  });

  it('requires every field and a valid email', async () => {
    const client = await newClient();
    const empty = await client.post('/api/demo-requests/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      errors: { email: ['This field is required.'], company_name: ['This field is required.'] },
    });
    const blank = await client.post('/api/demo-requests/', { email: 'a@b.test', company_name: '  ' });
    expect(blank.json()).toEqual({ errors: { company_name: ['This field is required.'] } });
    const bad = await client.post('/api/demo-requests/', { email: 'nope', company_name: 'X' });
    expect(bad.json()).toEqual({ errors: { email: ['Enter a valid email address.'] } });
    expect(await t.db.select().from(demoRequests).where(eq(demoRequests.companyName, 'X'))).toHaveLength(0);
  });

  it('needs CSRF', async () => {
    const client = await newClient();
    const response = await client.post(
      '/api/demo-requests/',
      { email: 'a@b.test', company_name: 'Y' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/contact', () => {
  const fields = {
    name: 'Dana Reyes',
    email: 'dana@example.test',
    phone: '3035550100',
    message: 'Hello there',
  };

  it('accepts form-data, stores the message and mails staff', async () => {
    const client = await newClient();
    const response = await postForm(client, '/api/contact', fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Your message has been sent. We'll get back to you soon!" });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, fields.email));
    expect(rows).toMatchObject([{ name: 'Dana Reyes', phone: '3035550100', message: 'Hello there' }]);
    const [mail] = await staffMails('staff_contact_message');
    expect(mail).toMatchObject({ toAddress: 'team@fieldbid.test' });
    expect(mail!.textBody).toContain('Hello there');
  });

  it('accepts JSON too', async () => {
    const client = await newClient();
    const response = await client.post('/api/contact', { ...fields, email: 'json@example.test' });
    expect(response.statusCode).toBe(201);
    expect(
      await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'json@example.test')),
    ).toHaveLength(1);
  });

  it('requires every field and a valid email', async () => {
    const client = await newClient();
    const empty = await postForm(client, '/api/contact', { name: '', email: '', phone: '', message: '' });
    expect(empty.statusCode).toBe(400);
    const required = ['This field is required.'];
    expect(empty.json()).toEqual({
      errors: { name: required, email: required, phone: required, message: required },
    });
    const bad = await postForm(client, '/api/contact', { ...fields, email: 'not-an-email' });
    expect(bad.json()).toEqual({ errors: { email: ['Enter a valid email address.'] } });
  });

  it('escapes visitor text in the HTML mail', async () => {
    const client = await newClient();
    await client.post('/api/contact', {
      ...fields,
      email: 'html@example.test',
      message: '<script>x</script>',
    });
    const mails = await staffMails('staff_contact_message');
    const mail = mails.find((m) => m.textBody.includes('html@example.test'))!;
    expect(mail.htmlBody).not.toContain('<script>');
    expect(mail.htmlBody).toContain('&lt;script&gt;');
  });

  it('needs CSRF', async () => {
    const client = await newClient();
    const response = await postForm(client, '/api/contact', fields, false);
    expect(response.statusCode).toBe(403);
  });
});
