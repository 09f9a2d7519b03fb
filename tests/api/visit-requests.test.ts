import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { makeUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// Schedule a Visit (POST /api/visit-requests/, src/shared/visit-request-schemas.ts) and its tab in
// the admin Inbox (GET /api/admin/visit-requests/, handle and reopen).

let t: TestApp;
let staff: TestClient;
let staffId = 0;
let vendor: TestClient;
let addressCounter = 0;

const DAY = 86_400_000;
/** A calendar date `days` from today (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** 'Tue, May 6, 2031' as the mails write a date. */
const spelled = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const REQUIRED = ['This field is required.'];

const visitor = async () => {
  const client = new TestClient(t.app, `10.61.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`);
  await client.csrfToken();
  return client;
};

let emailCounter = 0;
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ruth Alvarez',
  email: `ruth${++emailCounter}@larimer.example`,
  phone: '(303) 555-0142',
  company_name: 'Larimer Holdings',
  property_address: '1550 Larimer St, Denver, CO 80202',
  number_of_units: 48,
  preferred_date_1: inDays(10),
  preferred_time_1: 'morning',
  preferred_date_2: inDays(12),
  preferred_time_2: 'afternoon',
  notes: 'Two buildings share one boiler room.\nPlease bring the 360 camera.',
  ...overrides,
});

const rowsFor = (email: string) => t.db.select().from(visitRequests).where(eq(visitRequests.email, email));
const mailsTo = (addresses: string[]) =>
  t.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

beforeAll(async () => {
  t = await startTestApp({ staffEmail: 'team@fieldbid.test' });
  const admin = await makeUser(t.db, { type: null, isStaff: true, firstName: 'Ada', lastName: 'Staff' });
  staffId = admin.id;
  staff = await signIn(t.app, admin.email);
  vendor = await signIn(t.app, (await makeUser(t.db)).email);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/visit-requests/', () => {
  it('stores the request and puts the staff mail and the visitor’s confirmation in the outbox', async () => {
    const input = valid();
    const staffBefore = (await mailsTo(['team@fieldbid.test'])).length;
    const response = await (await visitor()).post('/api/visit-requests/', input);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message:
        "Thank you! Your visit request has been sent. We've emailed you a confirmation and will contact you to confirm a time.",
    });

    const [row] = await rowsFor(input.email);
    expect(row).toMatchObject({
      name: 'Ruth Alvarez',
      phone: '(303) 555-0142',
      companyName: 'Larimer Holdings',
      propertyAddress: '1550 Larimer St, Denver, CO 80202',
      numberOfUnits: 48,
      preferredDate1: input.preferred_date_1,
      preferredTime1: 'morning',
      preferredDate2: input.preferred_date_2,
      preferredTime2: 'afternoon',
      notes: 'Two buildings share one boiler room.\nPlease bring the 360 camera.',
      handledAt: null,
      handledById: null,
    });

    const staffMails = await mailsTo(['team@fieldbid.test']);
    expect(staffMails).toHaveLength(staffBefore + 1);
    const staffMail = staffMails.at(-1)!;
    expect(staffMail).toMatchObject({
      template: 'staff_visit_request',
      subject: 'FieldBid visit request from Larimer Holdings',
    });
    for (const text of [
      'Ruth Alvarez',
      input.email,
      '(303) 555-0142',
      '1550 Larimer St, Denver, CO 80202 (48 units)',
      `First choice: ${spelled(input.preferred_date_1)}, morning (8 am – 12 pm)`,
      `Second choice: ${spelled(input.preferred_date_2)}, afternoon (12 – 5 pm)`,
      'Please bring the 360 camera.',
      '/admin/inbox?tab=visit-requests',
    ]) {
      expect(staffMail.textBody).toContain(text);
    }

    const [confirmation, ...more] = await mailsTo([input.email]);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({
      template: 'visit_request_received',
      subject: 'We received your visit request',
    });
    expect(confirmation!.textBody).toContain('Hello Ruth Alvarez,');
    expect(confirmation!.textBody).toContain('1550 Larimer St, Denver, CO 80202');
    expect(confirmation!.textBody).toContain(`First choice: ${spelled(input.preferred_date_1)}, morning`);
    expect(confirmation!.htmlBody).toContain('FieldBid');
  });

  it('takes a first choice alone; the notes may be left out', async () => {
    const input = valid({ preferred_date_2: '', preferred_time_2: null, notes: undefined });
    const response = await (await visitor()).post('/api/visit-requests/', input);
    expect(response.statusCode, response.body).toBe(201);
    expect(await rowsFor(input.email)).toMatchObject([
      { preferredDate2: null, preferredTime2: null, notes: '' },
    ]);
    const [confirmation] = await mailsTo([input.email]);
    expect(confirmation!.textBody).not.toContain('Second choice');
  });

  it('accepts today (UTC) as a date', async () => {
    const input = valid({ preferred_date_1: inDays(0), preferred_date_2: null, preferred_time_2: null });
    expect((await (await visitor()).post('/api/visit-requests/', input)).statusCode).toBe(201);
  });

  it('names every missing field with the contact form’s message', async () => {
    const client = await visitor();
    const response = await client.post('/api/visit-requests/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        name: REQUIRED,
        email: REQUIRED,
        phone: REQUIRED,
        company_name: REQUIRED,
        property_address: REQUIRED,
        number_of_units: REQUIRED,
        preferred_date_1: REQUIRED,
        preferred_time_1: REQUIRED,
      },
    });
    const blanks = await client.post(
      '/api/visit-requests/',
      valid({ name: '  ', phone: '', company_name: '', property_address: ' ', number_of_units: '' }),
    );
    expect(blanks.json()).toEqual({
      errors: {
        name: REQUIRED,
        phone: REQUIRED,
        company_name: REQUIRED,
        property_address: REQUIRED,
        number_of_units: REQUIRED,
      },
    });
  });

  it.each([
    ['email', { email: 'ruth@' }, 'Enter a valid email address.'],
    ['number_of_units', { number_of_units: 0 }, 'Enter a whole number of units from 1 to 100,000.'],
    ['number_of_units', { number_of_units: 2.5 }, 'Enter a whole number of units from 1 to 100,000.'],
    ['number_of_units', { number_of_units: 'many' }, 'Enter a whole number of units from 1 to 100,000.'],
    ['number_of_units', { number_of_units: 100_001 }, 'Enter a whole number of units from 1 to 100,000.'],
    ['preferred_date_1', { preferred_date_1: inDays(-2) }, 'The date cannot be in the past.'],
    ['preferred_date_1', { preferred_date_1: '2031-02-30' }, 'Enter a valid date.'],
    ['preferred_date_1', { preferred_date_1: 'next Tuesday' }, 'Enter a valid date.'],
    ['preferred_time_1', { preferred_time_1: 'evening' }, 'Choose morning or afternoon.'],
    ['preferred_date_2', { preferred_date_2: inDays(-3) }, 'The date cannot be in the past.'],
    ['preferred_time_2', { preferred_time_2: '' }, 'This field is required.'],
    ['preferred_date_2', { preferred_date_2: null }, 'This field is required.'],
    [
      'preferred_date_2',
      { preferred_date_2: inDays(10), preferred_time_2: 'morning' },
      'Choose a different date or time from your first choice.',
    ],
    [
      'name',
      { name: 'Ruth\u0000Alvarez' },
      'Remove the control characters (invisible characters such as NUL) from this field.',
    ],
    [
      'property_address',
      { property_address: 'a'.repeat(301) },
      'Ensure this field has no more than 300 characters.',
    ],
    ['notes', { notes: 'n'.repeat(5001) }, 'Ensure this field has no more than 5000 characters.'],
  ])('refuses a bad %s and stores nothing: %s', async (field, overrides, message) => {
    const input = valid(overrides);
    const response = await (await visitor()).post('/api/visit-requests/', input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { [field]: [message] } });
    expect(await rowsFor(input.email)).toEqual([]);
    expect(await mailsTo([input.email])).toEqual([]);
  });

  it('needs CSRF', async () => {
    const input = valid();
    const response = await (await visitor()).post('/api/visit-requests/', input, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(await rowsFor(input.email)).toEqual([]);
  });

  it('takes 20 an hour from one address, like the contact form; refused ones do not count', async () => {
    const client = await visitor();
    expect((await client.post('/api/visit-requests/', {})).statusCode).toBe(400);
    for (let n = 0; n < 20; n += 1) {
      const response = await client.post('/api/visit-requests/', valid());
      expect(response.statusCode, `request ${n + 1}`).toBe(201);
    }
    const input = valid();
    const refused = await client.post('/api/visit-requests/', input);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      error: 'Too many requests. Please try again later.',
    });
    expect(await rowsFor(input.email)).toEqual([]);
    // Another address is not held back.
    expect((await (await visitor()).post('/api/visit-requests/', valid())).statusCode).toBe(201);
  });

  it('sends at most 5 confirmations a day to one mailbox, whatever the sender’s address', async () => {
    const email = 'target@mailbox.example';
    for (let n = 0; n < 5; n += 1) {
      const response = await (await visitor()).post('/api/visit-requests/', valid({ email }));
      expect(response.statusCode, `request ${n + 1}`).toBe(201);
    }
    const refused = await (await visitor()).post(
      '/api/visit-requests/',
      valid({ email: 'TARGET@Mailbox.example' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo([email])).toHaveLength(5);
  });

  it('escapes the visitor’s text in the HTML mails', async () => {
    const input = valid({ company_name: '<b>Acme</b>', notes: '<script>alert(1)</script>' });
    expect((await (await visitor()).post('/api/visit-requests/', input)).statusCode).toBe(201);
    const [staffMail] = (await mailsTo(['team@fieldbid.test'])).filter((mail) =>
      mail.textBody.includes(input.email),
    );
    expect(staffMail!.htmlBody).not.toContain('<script>');
    expect(staffMail!.htmlBody).toContain('&lt;script&gt;');
  });
});

describe('the admin Inbox’s visit requests', () => {
  type Item = Record<string, unknown> & { id: number };
  type Page = { results: Item[]; count: number; total_pages: number; current_page: number };
  const ids: Record<string, number> = {};
  const at = (hours: number) => new Date(Date.UTC(2026, 2, 1, 12) + hours * 3600_000);

  beforeAll(async () => {
    // The other tests' requests stay; these three are told apart by search.
    const rows = [
      { key: 'old', name: 'Olive Old', companyName: 'Cherry Creek PM', hours: 1, handled: true },
      { key: 'mid', name: 'Mia Middle', companyName: 'Highlands Homes', hours: 2, handled: false },
      { key: 'new', name: 'Nico New', companyName: 'Cherry Creek PM', hours: 3, handled: false },
    ];
    for (const row of rows) {
      const [stored] = await t.db
        .insert(visitRequests)
        .values({
          name: row.name,
          email: `${row.key}@inbox-visit.example`,
          phone: '7205550100',
          companyName: row.companyName,
          propertyAddress: `${row.hours} Speer Blvd`,
          numberOfUnits: 10 * row.hours,
          preferredDate1: '2031-05-06',
          preferredTime1: 'afternoon',
          notes: row.key === 'mid' ? 'Gate code 4471, 100% of units occupied' : '',
          createdAt: at(row.hours),
          ...(row.handled ? { handledAt: at(row.hours + 1), handledById: staffId } : {}),
        })
        .returning({ id: visitRequests.id });
      ids[row.key] = stored!.id;
    }
  });

  const page = async (query: string): Promise<Page> => {
    const response = await staff.get(`/api/admin/visit-requests/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const found = async (query: string) =>
    (await page(`search=inbox-visit&${query}`)).results.map((row) => row.id);

  it('lists newest first with every field and who handled it', async () => {
    const all = await page('search=inbox-visit');
    expect(all).toMatchObject({ count: 3, total_pages: 1, current_page: 1 });
    expect(all.results.map((row) => row.id)).toEqual([ids.new, ids.mid, ids.old]);
    expect(all.results[1]).toEqual({
      id: ids.mid,
      name: 'Mia Middle',
      email: 'mid@inbox-visit.example',
      phone: '7205550100',
      company_name: 'Highlands Homes',
      property_address: '2 Speer Blvd',
      number_of_units: 20,
      preferred_date_1: '2031-05-06',
      preferred_time_1: 'afternoon',
      preferred_date_2: null,
      preferred_time_2: null,
      notes: 'Gate code 4471, 100% of units occupied',
      created_at: at(2).toISOString(),
      handled_at: null,
      handled_by: null,
      handled_by_id: null,
    });
    expect(all.results[2]).toMatchObject({ handled_by: 'Ada Staff', handled_by_id: staffId });
  });

  it('filters open and handled, and searches every word in name, company, address and notes', async () => {
    expect(await found('state=open')).toEqual([ids.new, ids.mid]);
    expect(await found('state=handled')).toEqual([ids.old]);
    expect((await page('search=cherry creek')).results.map((row) => row.id)).toEqual([ids.new, ids.old]);
    expect((await page('search=cherry creek&state=open')).results.map((row) => row.id)).toEqual([ids.new]);
    expect((await page('search=mia speer')).results.map((row) => row.id)).toEqual([ids.mid]);
    expect((await page('search=GATE 4471')).results.map((row) => row.id)).toEqual([ids.mid]);
    expect((await page(`search=${encodeURIComponent('100%')}`)).results.map((row) => row.id)).toEqual([
      ids.mid,
    ]);
    expect((await staff.get('/api/admin/visit-requests/?state=closed')).statusCode).toBe(400);
  });

  it('marks a request handled once, reopens it once, and the open count follows', async () => {
    const id = ids.mid!;
    const openBefore = (await staff.get('/api/admin/inbox/counts/')).json().visit_requests as number;
    expect(openBefore).toBe((await page('state=open')).count);

    const handled = await staff.post(`/api/admin/visit-requests/${id}/handle/`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ id, handled_by: 'Ada Staff', handled_by_id: staffId });
    const [row] = await t.db.select().from(visitRequests).where(eq(visitRequests.id, id));
    expect(row!.handledById).toBe(staffId);
    expect(handled.json().handled_at).toBe(row!.handledAt!.toISOString());
    expect((await staff.get('/api/admin/inbox/counts/')).json()).toMatchObject({
      visit_requests: openBefore - 1,
    });

    const again = await staff.post(`/api/admin/visit-requests/${id}/handle/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This visit request has already been marked handled.',
      code: 'ALREADY_HANDLED',
    });

    const reopened = await staff.post(`/api/admin/visit-requests/${id}/reopen/`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id, handled_at: null, handled_by: null, handled_by_id: null });
    expect((await staff.get('/api/admin/inbox/counts/')).json()).toMatchObject({
      visit_requests: openBefore,
    });
    const reopenAgain = await staff.post(`/api/admin/visit-requests/${id}/reopen/`);
    expect(reopenAgain.statusCode).toBe(409);
    expect(reopenAgain.json()).toEqual({
      detail: 'This visit request is already open.',
      code: 'ALREADY_OPEN',
    });
  });

  it('lets only one of two staff handling the same request at once win', async () => {
    const other = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
    const answers = await Promise.all([
      staff.post(`/api/admin/visit-requests/${ids.new}/handle/`),
      other.post(`/api/admin/visit-requests/${ids.new}/handle/`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await staff.post(`/api/admin/visit-requests/${ids.new}/reopen/`);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '12345678901']) {
      for (const action of ['handle', 'reopen']) {
        const response = await staff.post(`/api/admin/visit-requests/${id}/${action}/`);
        expect(response.statusCode, `${id} ${action}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Visit request not found.' });
      }
    }
  });

  const staffCalls: Array<[string, 'GET' | 'POST', () => string]> = [
    ['the list', 'GET', () => '/api/admin/visit-requests/'],
    ['handle', 'POST', () => `/api/admin/visit-requests/${ids.mid}/handle/`],
    ['reopen', 'POST', () => `/api/admin/visit-requests/${ids.old}/reopen/`],
  ];
  it.each(staffCalls)(
    '%s is for staff only: 401 signed out, 403 for a vendor, nothing changes',
    async (_name, method, url) => {
      const send = (client: TestClient) => (method === 'GET' ? client.get(url()) : client.post(url()));
      const signedOut = await send(await visitor());
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const forbidden = await send(vendor);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      const rows = await t.db
        .select()
        .from(visitRequests)
        .where(inArray(visitRequests.id, [ids.mid!, ids.old!]));
      expect(rows.find((row) => row.id === ids.mid)!.handledAt).toBeNull();
      expect(rows.find((row) => row.id === ids.old)!.handledById).toBe(staffId);
    },
  );
});
