import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { makeUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// The admin console's Inbox: demo requests and contact messages for staff (src/shared/admin-inbox.ts).

let t: TestApp;
let staff: TestClient;
let staffId = 0;
let vendor: TestClient;
let visitor: TestClient;

const HOUR = 3600_000;
const base = Date.UTC(2026, 2, 1, 12);
const at = (hours: number) => new Date(base + hours * HOUR);

type Row = { id: number; [field: string]: unknown };
type Page = { results: Row[]; count: number; total_pages: number; current_page: number };

/** Contact message n (1..12): n = 12 is the newest. */
const contactIds: Record<number, number> = {};
const demoIds: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const admin = await makeUser(t.db, { type: null, isStaff: true, firstName: 'Ada', lastName: 'Staff' });
  staffId = admin.id;
  staff = await signIn(t.app, admin.email);
  vendor = await signIn(t.app, (await makeUser(t.db)).email);
  visitor = new TestClient(t.app, '10.77.0.9');
  await visitor.csrfToken();

  for (let n = 1; n <= 12; n += 1) {
    const [row] = await t.db
      .insert(contactMessages)
      .values({
        name: n === 7 ? 'Elena Park' : `Sender ${n}`,
        email: n === 7 ? 'elena.park@highlands.example' : `sender${n}@example.test`,
        phone: n === 7 ? '(303) 555-0188' : `(720) 555-01${String(n).padStart(2, '0')}`,
        message:
          n === 7
            ? 'We manage 14 buildings in Highlands.\nDoes the in-wall documentation work during renovations?'
            : n === 3
              ? 'Is there a 100% discount_code for crews?'
              : `Question number ${n} about plans.`,
        createdAt: at(n),
        // Messages 1 and 2 were handled by the staff member already.
        ...(n <= 2 ? { handledAt: at(n + 1), handledById: staffId } : {}),
      })
      .returning({ id: contactMessages.id });
    contactIds[n] = row!.id;
  }

  const demos = [
    {
      key: 'larimer',
      email: 'facilities@larimer.example',
      companyName: 'Larimer Holdings',
      createdAt: at(5),
    },
    {
      key: 'boulder',
      email: 'ops@boulderliving.example',
      companyName: 'Boulder Student Living',
      createdAt: at(3),
      status: 'approved' as const,
      handledAt: at(4),
      handledById: staffId,
    },
    { key: 'summit', email: 'hello@summitpm.example', companyName: 'Summit PM', createdAt: at(1) },
  ];
  for (const { key, ...values } of demos) {
    const [row] = await t.db.insert(demoRequests).values(values).returning({ id: demoRequests.id });
    demoIds[key] = row!.id;
  }
});

afterAll(async () => {
  await t.close();
});

async function page(client: TestClient, url: string): Promise<Page> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const contactRow = async (id: number) =>
  (await t.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;
const demoRow = async (id: number) =>
  (await t.db.select().from(demoRequests).where(eq(demoRequests.id, id)))[0]!;

describe('GET /api/admin/contact-messages/', () => {
  it('lists every message newest first, 10 a page, each saying who handled it and when', async () => {
    const first = await page(staff, '/api/admin/contact-messages/');
    expect(first).toMatchObject({ count: 12, total_pages: 2, current_page: 1 });
    expect(first.results.map((row) => row.id)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => contactIds[n]),
    );
    expect(Object.keys(first.results[0]!).sort()).toEqual([
      'created_at',
      'email',
      'handled_at',
      'handled_by',
      'handled_by_id',
      'id',
      'message',
      'name',
      'phone',
    ]);
    expect(first.results[5]).toEqual({
      id: contactIds[7],
      name: 'Elena Park',
      email: 'elena.park@highlands.example',
      phone: '(303) 555-0188',
      message:
        'We manage 14 buildings in Highlands.\nDoes the in-wall documentation work during renovations?',
      created_at: at(7).toISOString(),
      handled_at: null,
      handled_by: null,
      handled_by_id: null,
    });

    const second = await page(staff, '/api/admin/contact-messages/?page=2');
    expect(second).toMatchObject({ count: 12, total_pages: 2, current_page: 2 });
    expect(second.results).toEqual([
      expect.objectContaining({
        id: contactIds[2],
        handled_at: at(3).toISOString(),
        handled_by: 'Ada Staff',
        handled_by_id: staffId,
      }),
      expect.objectContaining({ id: contactIds[1], handled_by: 'Ada Staff' }),
    ]);

    // Past the end: no rows, the real count.
    const beyond = await page(staff, '/api/admin/contact-messages/?page=5');
    expect(beyond).toMatchObject({ results: [], count: 12, total_pages: 2, current_page: 5 });
  });

  it('filters open and handled messages', async () => {
    const open = await page(staff, '/api/admin/contact-messages/?state=open');
    expect(open.count).toBe(10);
    expect(open.results.every((row) => row.handled_at === null)).toBe(true);
    const handled = await page(staff, '/api/admin/contact-messages/?state=handled');
    expect(handled.results.map((row) => row.id)).toEqual([contactIds[2], contactIds[1]]);
    // An empty state is no filter.
    expect((await page(staff, '/api/admin/contact-messages/?state=')).count).toBe(12);
  });

  it('searches name, email, phone and message text, every word, any case', async () => {
    const ids = async (search: string, extra = '') =>
      (
        await page(staff, `/api/admin/contact-messages/?search=${encodeURIComponent(search)}${extra}`)
      ).results.map((row) => row.id);
    expect(await ids('elena')).toEqual([contactIds[7]]);
    expect(await ids('HIGHLANDS.EXAMPLE')).toEqual([contactIds[7]]);
    expect(await ids('555-0188')).toEqual([contactIds[7]]);
    expect(await ids('renovations park')).toEqual([contactIds[7]]);
    expect(await ids('renovations sender')).toEqual([]);
    expect(await ids('plans QUESTION')).toEqual([12, 11, 10, 9, 8, 6, 5, 4, 2, 1].map((n) => contactIds[n]));
    expect(await ids('plans question', '&state=handled')).toEqual([contactIds[2], contactIds[1]]);
    // LIKE wildcards are literal: '%' and '_' find only the message that has them.
    expect(await ids('100%')).toEqual([contactIds[3]]);
    expect(await ids('discount_code')).toEqual([contactIds[3]]);
    expect(await ids('%')).toEqual([contactIds[3]]);
    expect(await ids('sender_1')).toEqual([]);
    expect(await ids('   ')).toHaveLength(10);
  });

  it('refuses a bad state, page or search with field errors', async () => {
    const state = await staff.get('/api/admin/contact-messages/?state=closed');
    expect(state.statusCode).toBe(400);
    expect(state.json()).toEqual({ errors: { state: ['Choose one of: open, handled.'] } });
    const pageZero = await staff.get('/api/admin/contact-messages/?page=0');
    expect(pageZero.statusCode).toBe(400);
    expect(pageZero.json().errors.page).toEqual(['A page number must be 1 or more.']);
    const long = await staff.get(`/api/admin/contact-messages/?search=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.search).toEqual(['Ensure the search has no more than 200 characters.']);
  });
});

describe('GET /api/admin/demo-requests/', () => {
  it('lists newest first with status and handler, filters and searches email and company', async () => {
    const all = await page(staff, '/api/admin/demo-requests/');
    expect(all).toMatchObject({ count: 3, total_pages: 1, current_page: 1 });
    expect(all.results).toEqual([
      {
        id: demoIds.larimer,
        email: 'facilities@larimer.example',
        company_name: 'Larimer Holdings',
        status: 'new',
        created_at: at(5).toISOString(),
        handled_at: null,
        handled_by: null,
        handled_by_id: null,
      },
      {
        id: demoIds.boulder,
        email: 'ops@boulderliving.example',
        company_name: 'Boulder Student Living',
        status: 'approved',
        created_at: at(3).toISOString(),
        handled_at: at(4).toISOString(),
        handled_by: 'Ada Staff',
        handled_by_id: staffId,
      },
      expect.objectContaining({ id: demoIds.summit, status: 'new' }),
    ]);

    const ids = async (query: string) =>
      (await page(staff, `/api/admin/demo-requests/?${query}`)).results.map((row) => row.id);
    expect(await ids('state=open')).toEqual([demoIds.larimer, demoIds.summit]);
    expect(await ids('state=handled')).toEqual([demoIds.boulder]);
    expect(await ids('search=student')).toEqual([demoIds.boulder]);
    expect(await ids('search=summitpm.example')).toEqual([demoIds.summit]);
    expect(await ids('search=student&state=open')).toEqual([]);
  });

  it('shows a request the landing page just stored', async () => {
    const landing = new TestClient(t.app, '10.77.0.20');
    await landing.csrfToken();
    const sent = await landing.post('/api/demo-requests/', {
      email: 'new.lead@inbox-test.example',
      company_name: 'Inbox Test Realty',
    });
    expect(sent.statusCode).toBe(201);
    const found = await page(staff, '/api/admin/demo-requests/?search=inbox-test');
    expect(found.results).toEqual([
      expect.objectContaining({ company_name: 'Inbox Test Realty', status: 'new', handled_at: null }),
    ]);
    // Leave the shared fixtures as they were for the other tests.
    await t.db.delete(demoRequests).where(eq(demoRequests.id, found.results[0]!.id));
  });
});

describe('handling and reopening', () => {
  it('marks a contact message handled once, then reopens it once', async () => {
    const id = contactIds[9]!;
    const before = Date.now();
    const handled = await staff.post(`/api/admin/contact-messages/${id}/handle/`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ id, handled_by: 'Ada Staff', handled_by_id: staffId });
    let row = await contactRow(id);
    expect(row.handledById).toBe(staffId);
    expect(row.handledAt!.getTime()).toBeGreaterThanOrEqual(before - 5000);
    expect(handled.json().handled_at).toBe(row.handledAt!.toISOString());

    const again = await staff.post(`/api/admin/contact-messages/${id}/handle/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This contact message has already been marked handled.',
      code: 'ALREADY_HANDLED',
    });
    expect((await contactRow(id)).handledAt).toEqual(row.handledAt);
    expect(
      (await page(staff, '/api/admin/contact-messages/?state=open')).results.map((r) => r.id),
    ).not.toContain(id);

    const reopened = await staff.post(`/api/admin/contact-messages/${id}/reopen/`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id, handled_at: null, handled_by: null, handled_by_id: null });
    row = await contactRow(id);
    expect(row.handledAt).toBeNull();
    expect(row.handledById).toBeNull();

    const reopenAgain = await staff.post(`/api/admin/contact-messages/${id}/reopen/`);
    expect(reopenAgain.statusCode).toBe(409);
    expect(reopenAgain.json()).toEqual({
      detail: 'This contact message is already open.',
      code: 'ALREADY_OPEN',
    });
  });

  it('approves or declines a demo request once, and reopens it to new', async () => {
    const id = demoIds.summit!;
    const missing = await staff.post(`/api/admin/demo-requests/${id}/handle/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { status: ['Choose one of: approved, declined.'] } });
    const wrong = await staff.post(`/api/admin/demo-requests/${id}/handle/`, { status: 'new' });
    expect(wrong.statusCode).toBe(400);
    expect((await demoRow(id)).handledAt).toBeNull();

    const declined = await staff.post(`/api/admin/demo-requests/${id}/handle/`, { status: 'declined' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: 'declined', handled_by: 'Ada Staff' });
    let row = await demoRow(id);
    expect(row).toMatchObject({ status: 'declined', handledById: staffId });
    expect(row.handledAt).toBeInstanceOf(Date);

    const again = await staff.post(`/api/admin/demo-requests/${id}/handle/`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This demo request has already been declined; reopen it first to decide again.',
      code: 'ALREADY_HANDLED',
    });
    expect((await demoRow(id)).status).toBe('declined');

    const reopened = await staff.post(`/api/admin/demo-requests/${id}/reopen/`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id, status: 'new', handled_at: null, handled_by: null });
    row = await demoRow(id);
    expect(row).toMatchObject({ status: 'new', handledAt: null, handledById: null });
    const reopenAgain = await staff.post(`/api/admin/demo-requests/${id}/reopen/`);
    expect(reopenAgain.statusCode).toBe(409);
    expect(reopenAgain.json()).toEqual({
      detail: 'This demo request is already open.',
      code: 'ALREADY_OPEN',
    });

    const approved = await staff.post(`/api/admin/demo-requests/${id}/handle/`, { status: 'approved' });
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect((await demoRow(id)).status).toBe('approved');
    await staff.post(`/api/admin/demo-requests/${id}/reopen/`);
  });

  it('lets only one of two staff handling the same message at once win', async () => {
    const id = contactIds[11]!;
    const other = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
    const answers = await Promise.all([
      staff.post(`/api/admin/contact-messages/${id}/handle/`),
      other.post(`/api/admin/contact-messages/${id}/handle/`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect((await contactRow(id)).handledById).toBe(winner.handled_by_id);
    await staff.post(`/api/admin/contact-messages/${id}/reopen/`);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '1.5', '12345678901']) {
      const demo = await staff.post(`/api/admin/demo-requests/${id}/handle/`, { status: 'approved' });
      expect(demo.statusCode, id).toBe(404);
      expect(demo.json()).toEqual({ detail: 'Demo request not found.' });
      expect((await staff.post(`/api/admin/demo-requests/${id}/reopen/`)).statusCode).toBe(404);
      const contact = await staff.post(`/api/admin/contact-messages/${id}/handle/`);
      expect(contact.statusCode, id).toBe(404);
      expect(contact.json()).toEqual({ detail: 'Contact message not found.' });
      expect((await staff.post(`/api/admin/contact-messages/${id}/reopen/`)).statusCode).toBe(404);
    }
  });

  it('counts the open items of each kind', async () => {
    const counts = await staff.get('/api/admin/inbox/counts/');
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ demo_requests: 2, contact_messages: 10, visit_requests: 0 });
    await staff.post(`/api/admin/contact-messages/${contactIds[10]}/handle/`);
    expect((await staff.get('/api/admin/inbox/counts/')).json()).toEqual({
      demo_requests: 2,
      contact_messages: 9,
      visit_requests: 0,
    });
    await staff.post(`/api/admin/contact-messages/${contactIds[10]}/reopen/`);
  });
});

describe('staff only', () => {
  // The ids exist only after beforeAll, so each call builds its path then.
  const calls: Array<{ name: string; method: 'GET' | 'POST'; url: () => string; body?: unknown }> = [
    { name: 'open counts', method: 'GET', url: () => '/api/admin/inbox/counts/' },
    { name: 'demo request list', method: 'GET', url: () => '/api/admin/demo-requests/' },
    { name: 'contact message list', method: 'GET', url: () => '/api/admin/contact-messages/' },
    {
      name: 'demo request handle',
      method: 'POST',
      url: () => `/api/admin/demo-requests/${demoIds.larimer}/handle/`,
      body: { status: 'approved' },
    },
    {
      name: 'demo request reopen',
      method: 'POST',
      url: () => `/api/admin/demo-requests/${demoIds.boulder}/reopen/`,
    },
    {
      name: 'contact message handle',
      method: 'POST',
      url: () => `/api/admin/contact-messages/${contactIds[8]}/handle/`,
    },
    {
      name: 'contact message reopen',
      method: 'POST',
      url: () => `/api/admin/contact-messages/${contactIds[1]}/reopen/`,
    },
  ];

  it.each(calls)('$name: 401 signed out, 403 for a vendor, and nothing changes', async (call) => {
    const send = (client: TestClient) =>
      call.method === 'GET' ? client.get(call.url()) : client.post(call.url(), call.body);
    const signedOut = await send(visitor);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const forbidden = await send(vendor);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'You do not have permission to perform this action.' });

    expect(await demoRow(demoIds.larimer!)).toMatchObject({ status: 'new', handledAt: null });
    expect(await demoRow(demoIds.boulder!)).toMatchObject({ status: 'approved', handledById: staffId });
    expect((await contactRow(contactIds[8]!)).handledAt).toBeNull();
    expect((await contactRow(contactIds[1]!)).handledById).toBe(staffId);
  });

  it('refuses an unknown id with 401/403 before saying it does not exist', async () => {
    expect((await visitor.post('/api/admin/contact-messages/999999/handle/')).statusCode).toBe(401);
    expect((await vendor.post('/api/admin/contact-messages/999999/handle/')).statusCode).toBe(403);
  });
});
