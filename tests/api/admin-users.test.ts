import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive } from '#server/admin/user-admin-store.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { queryRows } from '#server/db/query-rows.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserDetail } from '#shared/admin-users.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { makeClient, makeVendor } from '../support/request-factories.ts';
import { signIn, signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

const BASE = '/api/admin/users';
let t: TestApp;
let staff: TestClient;
let staffId: number;
let manager: TestClient;
let vendor: TestClient;
let address = 0;

/** A fresh browser-like client with its own address (the login limit counts per address). */
const newClient = async () => {
  const client = new TestClient(t.app, `10.7.0.${++address}`);
  await client.csrfToken();
  return client;
};

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionsOf = (id: number) => t.db.select().from(sessions).where(eq(sessions.userId, id));
const resetMailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'reset_password')));

type Page = { results: AdminUser[]; count: number; total_pages: number; current_page: number };
const list = async (query = '') => {
  const response = await staff.get(`${BASE}/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://fieldbid.example' });
  const staffUser = await signInNewUser(t, {
    type: null,
    isStaff: true,
    firstName: 'Stella',
    lastName: 'Staff',
    createdAt: new Date('2020-01-01T00:00:00Z'),
  });
  staff = staffUser.client;
  staffId = staffUser.id;
  manager = (
    await signInNewUser(t, { type: 'property_manager', createdAt: new Date('2020-01-02T00:00:00Z') })
  ).client;
  vendor = (await signInNewUser(t, { type: 'vendor', createdAt: new Date('2020-01-03T00:00:00Z') })).client;
});
afterAll(async () => {
  await t.close();
});

describe('who may call', () => {
  const calls: Array<[string, 'GET' | 'POST', string]> = [
    ['list', 'GET', `${BASE}/`],
    ['detail', 'GET', `${BASE}/{id}/`],
    ['deactivate', 'POST', `${BASE}/{id}/deactivate/`],
    ['reactivate', 'POST', `${BASE}/{id}/reactivate/`],
    ['send-password-reset', 'POST', `${BASE}/{id}/send-password-reset/`],
  ];

  it.each(calls)('%s: 401 signed out, 403 for managers and vendors', async (_name, method, path) => {
    const target = await makeUser(t.db, { type: 'vendor' });
    const url = path.replace('{id}', String(target.id));
    const anonymous = await newClient();
    const signedOut = await anonymous.request(method, url);
    expect(signedOut.statusCode).toBe(401);
    for (const client of [manager, vendor]) {
      const refused = await client.request(method, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    // Nothing changed for the refused callers.
    const row = await userRow(target.id);
    expect(row.isActive).toBe(true);
    expect(await resetMailsTo(target.email)).toHaveLength(0);
  });

  it.each(calls.slice(1))('%s: 404 for an unknown or malformed id', async (_name, method, path) => {
    for (const id of ['999999', 'abc', '1234567890']) {
      const response = await staff.request(method, path.replace('{id}', id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ADMIN_USER_MESSAGES.notFound });
    }
  });

  it('refuses a cookie write without the CSRF header', async () => {
    const target = await makeUser(t.db, { type: 'vendor' });
    const response = await staff.post(`${BASE}/${target.id}/deactivate/`, {}, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await userRow(target.id)).isActive).toBe(true);
  });
});

describe('the list', () => {
  // Joined in 2030 so they sort above every other user of this file, newest first.
  const joined = (day: number) => new Date(`2030-01-${String(day).padStart(2, '0')}T12:00:00Z`);
  let managerId: number;
  let vendorId: number;
  let inactiveId: number;

  beforeAll(async () => {
    const client = await makeClient(t.db, { name: 'Quokka Property Group' });
    managerId = (
      await makeUser(t.db, {
        type: 'property_manager',
        clientId: client.id,
        firstName: 'Mara',
        lastName: 'Quill',
        email: 'mara.quill@quokka.example',
        createdAt: joined(20),
        lastLoginAt: new Date('2030-02-01T08:00:00Z'),
      })
    ).id;
    vendorId = (
      await makeVendor(
        t.db,
        { companyName: 'Quokka Plumbing 100%' },
        { firstName: 'Vic', lastName: 'Pipe', email: 'vic@pipes.example', createdAt: joined(19) },
      )
    ).id;
    inactiveId = (
      await makeUser(t.db, {
        type: 'vendor',
        firstName: 'Ina',
        lastName: 'Quokka',
        isActive: false,
        emailConfirmedAt: null,
        createdAt: joined(18),
      })
    ).id;
    for (let day = 1; day <= 12; day += 1) {
      await makeUser(t.db, {
        type: 'vendor',
        firstName: 'Filler',
        lastName: `No ${day}`,
        createdAt: joined(day),
      });
    }
  });

  it('lists every user newest first, 10 a page, with role, company and account state', async () => {
    const all = await t.db.select({ id: users.id }).from(users);
    const first = await list();
    expect(first.count).toBe(all.length);
    expect(first.total_pages).toBe(Math.ceil(all.length / 10));
    expect(first.current_page).toBe(1);
    expect(first.results).toHaveLength(10);
    expect(first.results.slice(0, 3).map((user) => user.id)).toEqual([managerId, vendorId, inactiveId]);
    expect(first.results[0]).toEqual({
      id: managerId,
      name: 'Mara Quill',
      email: 'mara.quill@quokka.example',
      role: 'property_manager',
      company: 'Quokka Property Group',
      is_active: true,
      email_confirmed: true,
      date_joined: '2030-01-20T12:00:00.000Z',
      last_login: '2030-02-01T08:00:00.000Z',
    });
    expect(first.results[1]).toMatchObject({
      role: 'vendor',
      company: 'Quokka Plumbing 100%',
      last_login: null,
    });
    expect(first.results[2]).toMatchObject({ is_active: false, email_confirmed: false, company: null });

    const second = await list('?page=2');
    expect(second.current_page).toBe(2);
    expect(second.results).toHaveLength(Math.min(10, all.length - 10));
    const seen = new Set([...first.results, ...second.results].map((user) => user.id));
    expect(seen.size).toBe(first.results.length + second.results.length);

    const past = await list('?page=99');
    expect(past).toMatchObject({ results: [], count: all.length, current_page: 99 });
  });

  it('searches name, address and company, every word, any case, wildcards literal', async () => {
    const ids = async (query: string) => (await list(query)).results.map((user) => user.id);
    expect(await ids('?search=quokka')).toEqual([managerId, vendorId, inactiveId]);
    expect(await ids('?search=PROPERTY%20group')).toEqual([managerId]);
    expect(await ids('?search=pipes.example')).toEqual([vendorId]);
    expect(await ids('?search=mara%20quill')).toEqual([managerId]);
    expect(await ids('?search=quokka%20plumbing')).toEqual([vendorId]);
    expect(await ids('?search=100%25')).toEqual([vendorId]);
    expect(await ids('?search=%25')).toEqual([vendorId]);
    expect(await ids('?search=_')).toEqual([]);
    expect(await list('?search=nobody-here')).toMatchObject({ results: [], count: 0, total_pages: 1 });
  });

  it('filters by role and by active state', async () => {
    const staffOnly = await list('?type=staff');
    expect(staffOnly.results.map((user) => user.id)).toEqual([staffId]);
    expect(staffOnly.results[0]).toMatchObject({ role: 'staff', company: null, name: 'Stella Staff' });

    const managers = await list('?type=property_manager&search=quokka');
    expect(managers.results.map((user) => user.id)).toEqual([managerId]);
    const vendors = await list('?type=vendor&search=quokka');
    expect(vendors.results.map((user) => user.id)).toEqual([vendorId, inactiveId]);

    const inactive = await list('?is_active=false');
    expect(inactive.results.map((user) => user.id)).toContain(inactiveId);
    expect(inactive.results.every((user) => !user.is_active)).toBe(true);
    const active = await list('?is_active=true&search=quokka');
    expect(active.results.map((user) => user.id)).toEqual([managerId, vendorId]);
    // A cleared filter is no filter.
    expect((await list('?type=&is_active=&search=quokka')).count).toBe(3);
  });

  it('answers 400 with field errors for a bad query', async () => {
    for (const [query, field] of [
      ['?type=owner', 'type'],
      ['?is_active=yes', 'is_active'],
      ['?page=0', 'page'],
      [`?search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const response = await staff.get(`${BASE}/${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([field]);
    }
  });

  it('shows one user with the detail fields', async () => {
    const response = await staff.get(`${BASE}/${managerId}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: managerId,
      first_name: 'Mara',
      last_name: 'Quill',
      role: 'property_manager',
      company: 'Quokka Property Group',
      has_password: true,
      active_sessions: 0,
      is_self: false,
    });
    const self = await staff.get(`${BASE}/${staffId}/`);
    expect(self.json()).toMatchObject({ is_self: true, role: 'staff', active_sessions: 1 });
  });
});

describe('deactivate and reactivate', () => {
  it('signs the user out everywhere, refuses their login, and reactivates', async () => {
    const target = await makeUser(t.db, { type: 'property_manager' });
    const phone = await signIn(t.app, target.email);
    const laptop = await signIn(t.app, target.email);
    expect((await phone.get('/api/user-profile/')).statusCode).toBe(200);
    expect((await staff.get(`${BASE}/${target.id}/`)).json()).toMatchObject({ active_sessions: 2 });

    const done = await staff.post(`${BASE}/${target.id}/deactivate/`, {});
    expect(done.statusCode).toBe(200);
    expect(done.json<AdminUserDetail>()).toMatchObject({
      id: target.id,
      is_active: false,
      active_sessions: 0,
    });
    expect((await userRow(target.id)).isActive).toBe(false);
    expect(await sessionsOf(target.id)).toHaveLength(0);

    expect((await phone.get('/api/users/auth-status/')).json()).toEqual({
      isAuthenticated: false,
      user: null,
    });
    expect((await laptop.get('/api/user-profile/')).statusCode).toBe(401);
    const login = await (await newClient()).login(target.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ non_field_errors: ['Invalid email or password.'] });

    const again = await staff.post(`${BASE}/${target.id}/deactivate/`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ADMIN_USER_MESSAGES.alreadyDeactivated });

    const back = await staff.post(`${BASE}/${target.id}/reactivate/`, {});
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: target.id, is_active: true });
    expect((await userRow(target.id)).isActive).toBe(true);
    const relogin = await (await newClient()).login(target.email, TEST_PASSWORD);
    expect(relogin.statusCode).toBe(200);
    // The old sessions stay gone: reactivating does not bring them back.
    expect((await phone.get('/api/user-profile/')).statusCode).toBe(401);

    const repeat = await staff.post(`${BASE}/${target.id}/reactivate/`, {});
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ detail: ADMIN_USER_MESSAGES.alreadyActive });
  });

  it('never deactivates the caller', async () => {
    const self = await staff.post(`${BASE}/${staffId}/deactivate/`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: ADMIN_USER_MESSAGES.selfDeactivate });
    expect((await userRow(staffId)).isActive).toBe(true);
    expect((await staff.get(`${BASE}/`)).statusCode).toBe(200);
  });
});

describe("staff accounts are a superuser's", () => {
  let boss: { id: number; client: TestClient };

  beforeAll(async () => {
    boss = await signInNewUser(t, { type: null, isStaff: true, isSuperuser: true, firstName: 'Sue' });
  });

  const auditRowsAbout = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)));

  const targets = [
    ['another staff member', { isStaff: true, isSuperuser: false }],
    ['a superuser', { isStaff: true, isSuperuser: true }],
  ] as const;

  it.each(targets)('staff cannot deactivate, reactivate or reset %s', async (_name, flags) => {
    const target = await signInNewUser(t, { type: null, ...flags });
    const other = await makeUser(t.db, { type: null, ...flags, isActive: false });
    const email = (await userRow(target.id)).email;

    for (const [url, id] of [
      [`${BASE}/${target.id}/deactivate/`, target.id],
      [`${BASE}/${other.id}/reactivate/`, other.id],
      [`${BASE}/${target.id}/send-password-reset/`, target.id],
    ] as const) {
      const refused = await staff.post(url, {});
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: ADMIN_USER_MESSAGES.superuserOnly });
      expect(await auditRowsAbout(id)).toEqual([]);
    }
    // Nothing changed: the target is still signed in, the deactivated one still deactivated.
    expect((await userRow(target.id)).isActive).toBe(true);
    expect(await sessionsOf(target.id)).toHaveLength(1);
    expect((await target.client.get('/api/user-profile/')).statusCode).toBe(200);
    expect((await userRow(other.id)).isActive).toBe(false);
    expect(await resetMailsTo(email)).toHaveLength(0);
  });

  it.each(targets)('a superuser deactivates, reactivates and resets %s', async (_name, flags) => {
    const target = await signInNewUser(t, { type: null, ...flags });
    const email = (await userRow(target.id)).email;

    const reset = await boss.client.post(`${BASE}/${target.id}/send-password-reset/`, {});
    expect(reset.statusCode, reset.body).toBe(202);
    expect(await resetMailsTo(email)).toHaveLength(1);

    const done = await boss.client.post(`${BASE}/${target.id}/deactivate/`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await sessionsOf(target.id)).toHaveLength(0);
    expect((await target.client.get(`${BASE}/`)).statusCode).toBe(401);

    const back = await boss.client.post(`${BASE}/${target.id}/reactivate/`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await userRow(target.id)).isActive).toBe(true);
    expect((await auditRowsAbout(target.id)).map((row) => [row.action, row.actorId])).toEqual([
      ['user.send_password_reset', boss.id],
      ['user.deactivate', boss.id],
      ['user.reactivate', boss.id],
    ]);
  });

  it('staff still manage managers and vendors', async () => {
    const target = await makeUser(t.db, { type: 'property_manager' });
    expect((await staff.post(`${BASE}/${target.id}/send-password-reset/`, {})).statusCode).toBe(202);
    expect((await staff.post(`${BASE}/${target.id}/deactivate/`, {})).statusCode).toBe(200);
    expect((await staff.post(`${BASE}/${target.id}/reactivate/`, {})).statusCode).toBe(200);
  });
});

describe('the last active superuser', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';
  const activeSuperusers = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)))
    ).map((row) => row.id);
  const actorOf = async (id: number) => {
    const row = await userRow(id);
    return { id: row.id, email: row.email, isSuperuser: row.isSuperuser };
  };

  /** Two signed-in superusers, and every other superuser of the file deactivated: they are the only two. */
  async function onlyTwoSuperusers() {
    await t.db.update(users).set({ isActive: false }).where(eq(users.isSuperuser, true));
    const flags = { type: null, isStaff: true, isSuperuser: true } as const;
    const first = await signInNewUser(t, flags);
    const second = await signInNewUser(t, flags);
    expect((await activeSuperusers()).sort()).toEqual([first.id, second.id].sort());
    return { first, second };
  }

  it('cannot be deactivated, not even by itself', async () => {
    const { first, second } = await onlyTwoSuperusers();
    const done = await first.client.post(`${BASE}/${second.id}/deactivate/`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await activeSuperusers()).toEqual([first.id]);

    const self = await first.client.post(`${BASE}/${first.id}/deactivate/`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: ADMIN_USER_MESSAGES.selfDeactivate });
    const refused = await staff.post(`${BASE}/${first.id}/deactivate/`, {});
    expect(refused.statusCode).toBe(403);
    // Below the routes, the rule holds whoever asks, the superuser itself included.
    expect(await setUserActive(t.db, first.id, false, await actorOf(first.id))).toBe('last_superuser');
    expect(await activeSuperusers()).toEqual([first.id]);
    expect(await sessionsOf(first.id)).toHaveLength(1);
    expect((await first.client.get(`${BASE}/`)).statusCode).toBe(200);
  });

  it('two superusers deactivating each other at the same moment leave one of them active', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { first, second } = await onlyTwoSuperusers();
      const answers = await Promise.all([
        first.client.post(`${BASE}/${second.id}/deactivate/`, {}),
        second.client.post(`${BASE}/${first.id}/deactivate/`, {}),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // The loser is refused: 409 when its call got past sign-in before the winner committed, 401 after.
      expect(statuses[0], answers.map((answer) => answer.body).join(' | ')).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        expect(answer.json()).toEqual({ detail: ADMIN_USER_MESSAGES.lastSuperuser });
      }
      expect(await activeSuperusers()).toHaveLength(1);
    }
  });

  it('waits for a deactivation under way, then refuses the last superuser with 409', async () => {
    const { first, second } = await onlyTwoSuperusers();
    const [firstActor, secondActor] = [await actorOf(first.id), await actorOf(second.id)];
    const lockWaiters = async () => {
      const [row] = await queryRows<{ n: string }>(
        t.db,
        sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      return Number(row!.n);
    };
    if (!onPostgres) {
      // PGlite has one connection, which a transaction held open would hold against every other
      // statement: the two deactivations run one after the other.
      expect(await setUserActive(t.db, second.id, false, firstActor)).toBe('changed');
      expect(await setUserActive(t.db, first.id, false, secondActor)).toBe('last_superuser');
    } else {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first deactivates the second in a transaction held open (in a box: a promise would be awaited too).
      const holder = await new Promise<{ done: Promise<void> }>((holding) => {
        const done = t.db.transaction(async (tx) => {
          expect(await setUserActive(tx, second.id, false, firstActor)).toBe('changed');
          holding({ done });
          await released;
        });
      });
      // The second, still signed in while that transaction is open, deactivates the first: its call
      // waits for the lock, then finds the first the last active superuser.
      const answer = second.client.post(`${BASE}/${first.id}/deactivate/`, {});
      await expect.poll(lockWaiters, { timeout: 10_000 }).toBe(1);
      release();
      await holder.done;
      const refused = await answer;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ detail: ADMIN_USER_MESSAGES.lastSuperuser });
    }
    expect(await activeSuperusers()).toEqual([first.id]);
    expect(await sessionsOf(first.id)).toHaveLength(1);
  });
});

describe('send a password reset link', () => {
  it('mails the public flow reset link, which sets a new password', async () => {
    const target = await makeUser(t.db, { type: 'vendor' });
    const signedIn = await signIn(t.app, target.email);

    const response = await staff.post(`${BASE}/${target.id}/send-password-reset/`, {});
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: ADMIN_USER_MESSAGES.resetSent(target.email) });

    const mails = await resetMailsTo(target.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your FieldBid password');
    const match = /https:\/\/fieldbid\.example\/reset-password-confirm\/([\w%-]+)/.exec(mails[0]!.textBody);
    expect(match).not.toBeNull();
    const token = decodeURIComponent(match![1]!);

    const visitor = await newClient();
    expect((await visitor.get(`/api/users/validate-password-token/${token}/`)).json()).toMatchObject({
      valid: true,
      purpose: 'reset_password',
    });
    const confirmed = await visitor.post('/api/users/reset-password-confirm/', {
      token,
      password: 'a staff-sent pass',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await verifyPassword('a staff-sent pass', (await userRow(target.id)).passwordHash)).toBe(true);
    // As in the public flow: whoever held the old password is signed out.
    expect((await signedIn.get('/api/user-profile/')).statusCode).toBe(401);
    expect((await (await newClient()).login(target.email, 'a staff-sent pass')).statusCode).toBe(200);
  });

  it('refuses a deactivated user with 409 and mails nothing', async () => {
    const target = await makeUser(t.db, { type: 'vendor', isActive: false });
    const response = await staff.post(`${BASE}/${target.id}/send-password-reset/`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: ADMIN_USER_MESSAGES.resetInactive });
    expect(await resetMailsTo(target.email)).toHaveLength(0);
  });
});
