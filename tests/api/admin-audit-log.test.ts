import { asc, eq, gt, max, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { plans } from '#server/db/schema/plans.ts';
import { units } from '#server/db/schema/projects.ts';
import { users } from '#server/db/schema/users.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { Raster } from '#server/images/png-raster.ts';
import { AUDIT_LOG_MESSAGES, type AuditAction, type AuditLogPage } from '#shared/admin-audit-log.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeClient, makeProject } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

const LOG = '/api/admin/audit-log/';
let t: TestAppWithFiles;
const people = {} as Record<'superuser' | 'staff' | 'manager' | 'vendor', { id: number; email: string }>;
const as = {} as Record<keyof typeof people, TestClient>;
let clientId: number;
let sequence = 0;

beforeAll(async () => {
  t = await startTestAppWithFiles('audit-log');
  const client = await makeClient(t.db, { name: 'Aspen Holdings' });
  clientId = client.id;
  const accounts = {
    superuser: { type: null, isStaff: true, isSuperuser: true, firstName: 'Sue', lastName: 'Super' },
    staff: { type: null, isStaff: true, firstName: 'Stella', lastName: 'Staff' },
    manager: { type: 'property_manager', clientId: client.id },
    vendor: { type: 'vendor' },
  } as const;
  for (const [name, overrides] of Object.entries(accounts) as Array<[keyof typeof people, object]>) {
    const user = await makeUser(t.db, overrides);
    people[name] = { id: user.id, email: user.email };
    as[name] = await signIn(t.app, user.email);
  }
});
afterAll(async () => {
  await t?.close();
});

/** The entries written while `act` ran (ids only grow; a rolled-back insert leaves a gap). */
async function entriesDuring(act: () => Promise<LightMyRequestResponse>, status: number) {
  const [last] = await t.db.select({ id: max(auditLog.id) }).from(auditLog);
  const response = await act();
  expect(response.statusCode, response.body).toBe(status);
  return t.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, last?.id ?? 0))
    .orderBy(asc(auditLog.id));
}

/** Exactly one entry, by `who`, with this action and target. */
async function expectOneEntry(
  act: () => Promise<LightMyRequestResponse>,
  status: number,
  expected: {
    action: AuditAction;
    targetType: string;
    targetId: number;
    targetLabel?: string;
    details?: unknown;
  },
  who: keyof typeof people = 'staff',
) {
  const entries = await entriesDuring(act, status);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actorId: people[who].id, actorEmail: people[who].email, ...expected });
  return entries[0]!;
}

const expectNoEntry = async (act: () => Promise<LightMyRequestResponse>, status: number) =>
  expect(await entriesDuring(act, status)).toEqual([]);

/** The Postgres error code behind Drizzle's wrapper (PGlite and node-postgres alike). */
async function errorCodeOf(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code;
  }
  return undefined;
}

/**
 * Makes the database refuse the next entry of `action` (a constraint, not a mock), so the action's
 * own writes must roll back with it; removes the constraint afterwards.
 */
async function withAuditRefused(action: AuditAction, run: () => Promise<void>) {
  await t.db.execute(
    sql.raw(`alter table audit_log add constraint test_refuse check (action <> '${action}') not valid`),
  );
  try {
    await run();
  } finally {
    await t.db.execute(sql.raw('alter table audit_log drop constraint test_refuse'));
  }
}

async function submittedManagerApplication() {
  sequence += 1;
  const [row] = await t.db
    .insert(propertyManagerApplications)
    .values({ status: 'submitted', companyName: `Birch Holdings ${sequence}`, submittedAt: new Date() })
    .returning();
  return row!;
}

async function paidVendorApplication() {
  sequence += 1;
  const [plan] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  const [row] = await t.db
    .insert(vendorApplications)
    .values({
      status: 'paid',
      vendorName: `Pine Plumbing ${sequence}`,
      email: `pine${sequence}@pine.example`,
      planId: plan!.id,
      submittedAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  return row!;
}

describe('each staff action writes one entry in its own transaction', () => {
  it('application approve and reject; a refused decision writes none', async () => {
    const application = await submittedManagerApplication();
    const approve = () => as.staff.post(`/api/admin/applications/managers/${application.id}/approve/`, {});
    await expectOneEntry(approve, 200, {
      action: 'application.approve',
      targetType: 'manager_application',
      targetId: application.id,
      targetLabel: application.companyName,
      details: null,
    });
    // Already approved: 409, and nothing logged.
    await expectNoEntry(approve, 409);

    const vendorApplication = await paidVendorApplication();
    await expectOneEntry(
      () =>
        as.staff.post(`/api/admin/applications/vendors/${vendorApplication.id}/reject/`, {
          reason: 'No insurance on file.',
        }),
      200,
      {
        action: 'application.reject',
        targetType: 'vendor_application',
        targetId: vendorApplication.id,
        targetLabel: vendorApplication.vendorName,
        details: { reason: 'No insurance on file.' },
      },
    );
  });

  it('an approval whose entry cannot be written does not happen', async () => {
    const application = await submittedManagerApplication();
    await withAuditRefused('application.approve', async () => {
      const response = await as.staff.post(`/api/admin/applications/managers/${application.id}/approve/`, {});
      expect(response.statusCode).toBe(500);
    });
    const [row] = await t.db
      .select({ status: propertyManagerApplications.status })
      .from(propertyManagerApplications)
      .where(eq(propertyManagerApplications.id, application.id));
    expect(row!.status).toBe('submitted');
  });

  it('user deactivate, reactivate and send-password-reset; repeats and refusals write none', async () => {
    const target = await makeUser(t.db, { type: 'vendor' });
    await signIn(t.app, target.email);
    const base = `/api/admin/users/${target.id}`;
    const user = { targetType: 'user', targetId: target.id, targetLabel: target.email };
    await expectOneEntry(() => as.staff.post(`${base}/deactivate/`, {}), 200, {
      action: 'user.deactivate',
      ...user,
      details: { sessions_ended: 1 },
    });
    await expectNoEntry(() => as.staff.post(`${base}/deactivate/`, {}), 409);
    await expectNoEntry(() => as.staff.post(`${base}/send-password-reset/`, {}), 409);
    await expectOneEntry(() => as.staff.post(`${base}/reactivate/`, {}), 200, {
      action: 'user.reactivate',
      ...user,
      details: null,
    });
    await expectOneEntry(() => as.staff.post(`${base}/send-password-reset/`, {}), 202, {
      action: 'user.send_password_reset',
      ...user,
    });
    await expectNoEntry(() => as.staff.post(`/api/admin/users/${people.staff.id}/deactivate/`, {}), 400);
  });

  it('a deactivation whose entry cannot be written leaves the user active', async () => {
    const target = await makeUser(t.db, { type: 'vendor' });
    await withAuditRefused('user.deactivate', async () => {
      expect((await as.staff.post(`/api/admin/users/${target.id}/deactivate/`, {})).statusCode).toBe(500);
    });
    const [row] = await t.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, target.id));
    expect(row!.isActive).toBe(true);
  });

  it('plan create, update (with the changed fields) and delete', async () => {
    const values = {
      name: 'Quarterly',
      price: 139,
      frequency: 'monthly',
      description: 'Every three months.',
      is_active: true,
      sort_order: 5,
      stripe_price_id: null,
    };
    let planId = 0;
    const created = await entriesDuring(async () => {
      const response = await as.staff.post('/api/admin/plans/', values);
      planId = response.json<{ id: number }>().id;
      return response;
    }, 201);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'plan.create',
      actorId: people.staff.id,
      targetType: 'plan',
      targetId: planId,
      targetLabel: 'Quarterly',
      details: values,
    });
    const update = (changes: object) =>
      as.staff.request('PUT', `/api/admin/plans/${planId}/`, { json: { ...values, ...changes } });
    await expectOneEntry(() => update({ price: 149, name: 'Quarterly Plus' }), 200, {
      action: 'plan.update',
      targetType: 'plan',
      targetId: planId,
      targetLabel: 'Quarterly Plus',
      details: {
        changes: { price: { from: 139, to: 149 }, name: { from: 'Quarterly', to: 'Quarterly Plus' } },
      },
    });
    // A save that changes nothing is not an action.
    await expectNoEntry(() => update({ price: 149, name: 'Quarterly Plus' }), 200);
    await expectNoEntry(() => as.staff.request('PUT', '/api/admin/plans/999999/', { json: values }), 404);
    await expectOneEntry(() => as.staff.request('DELETE', `/api/admin/plans/${planId}/`), 204, {
      action: 'plan.delete',
      targetType: 'plan',
      targetId: planId,
      targetLabel: 'Quarterly Plus',
      details: { outcome: 'deleted' },
    });
    await expectNoEntry(() => as.staff.request('DELETE', `/api/admin/plans/${planId}/`), 404);
  });

  it('property create and update, units added and removed, thumbnail', async () => {
    let propertyId = 0;
    const created = await entriesDuring(async () => {
      const response = await as.staff.post(`/api/admin/clients/${clientId}/projects/`, {
        name: 'Cedar Point',
        address: '1 Cedar Way',
        is_active: true,
      });
      propertyId = response.json<{ id: number }>().id;
      return response;
    }, 201);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'property.create',
      targetType: 'property',
      targetId: propertyId,
      targetLabel: 'Cedar Point',
      details: { client: 'Aspen Holdings', address: '1 Cedar Way', is_active: true },
    });
    await expectOneEntry(
      () =>
        as.staff.request('PUT', `/api/admin/projects/${propertyId}/`, {
          json: { name: 'Cedar Point', address: '2 Cedar Way', is_active: true },
        }),
      200,
      {
        action: 'property.update',
        targetType: 'property',
        targetId: propertyId,
        details: { changes: { address: { from: '1 Cedar Way', to: '2 Cedar Way' } } },
      },
    );
    const addUnits = () => as.staff.post(`/api/admin/projects/${propertyId}/units/`, { numbers: '101-102' });
    await expectOneEntry(addUnits, 201, {
      action: 'unit.add',
      targetType: 'property',
      targetId: propertyId,
      targetLabel: 'Cedar Point',
      details: { units: ['101', '102'] },
    });
    // Both exist already: nothing added, nothing logged.
    await expectNoEntry(addUnits, 200);
    const [unit] = await t.db.select().from(units).where(eq(units.projectId, propertyId)).limit(1);
    await expectOneEntry(() => as.staff.request('DELETE', `/api/admin/units/${unit!.id}/`), 204, {
      action: 'unit.delete',
      targetType: 'unit',
      targetId: unit!.id,
      targetLabel: `${unit!.number} · Cedar Point`,
    });

    const image = new Raster(4, 3, [90, 120, 150]).toPng();
    const form = multipart([{ name: 'thumbnail', value: image, filename: 'front.png', type: 'image/png' }]);
    await expectOneEntry(
      () => postMultipart(as.staff, `/api/admin/projects/${propertyId}/thumbnail/`, form),
      200,
      {
        action: 'property.thumbnail',
        targetType: 'property',
        targetId: propertyId,
        details: { replaced: false },
      },
    );
  });

  it('inbox handle and reopen; a repeat writes none', async () => {
    const [demo] = await t.db
      .insert(demoRequests)
      .values({ email: 'ops@larch.example', companyName: 'Larch Living' })
      .returning();
    const [message] = await t.db
      .insert(contactMessages)
      .values({ name: 'Lena Fir', email: 'lena@fir.example', phone: '3035550111', message: 'Hello' })
      .returning();
    const demoTarget = {
      targetType: 'demo_request',
      targetId: demo!.id,
      targetLabel: 'Larch Living · ops@larch.example',
    };
    const contactTarget = {
      targetType: 'contact_message',
      targetId: message!.id,
      targetLabel: 'Lena Fir · lena@fir.example',
    };
    const demoHandle = () =>
      as.staff.post(`/api/admin/demo-requests/${demo!.id}/handle/`, { status: 'declined' });
    await expectOneEntry(demoHandle, 200, {
      action: 'demo_request.handle',
      ...demoTarget,
      details: { status: 'declined' },
    });
    await expectNoEntry(demoHandle, 409);
    await expectOneEntry(() => as.staff.post(`/api/admin/demo-requests/${demo!.id}/reopen/`, {}), 200, {
      action: 'demo_request.reopen',
      ...demoTarget,
    });
    const contactHandle = () => as.staff.post(`/api/admin/contact-messages/${message!.id}/handle/`, {});
    await expectOneEntry(contactHandle, 200, { action: 'contact_message.handle', ...contactTarget });
    await expectNoEntry(contactHandle, 409);
    await expectOneEntry(() => as.staff.post(`/api/admin/contact-messages/${message!.id}/reopen/`, {}), 200, {
      action: 'contact_message.reopen',
      ...contactTarget,
    });
  });

  it('visit request handle and reopen', async () => {
    const [visit] = await t.db
      .insert(visitRequests)
      .values({
        name: 'Vic Walker',
        email: 'vic@walker.example',
        phone: '3035550112',
        companyName: 'Walker Homes',
        propertyAddress: '9 Walk St',
        numberOfUnits: 12,
        preferredDate1: '2030-05-01',
        preferredTime1: 'morning',
      })
      .returning();
    const target = {
      targetType: 'visit_request',
      targetId: visit!.id,
      targetLabel: 'Vic Walker · vic@walker.example',
    };
    const handle = () => as.staff.post(`/api/admin/visit-requests/${visit!.id}/handle/`, {});
    await expectOneEntry(handle, 200, { action: 'visit_request.handle', ...target });
    await expectNoEntry(handle, 409);
    await expectOneEntry(() => as.staff.post(`/api/admin/visit-requests/${visit!.id}/reopen/`, {}), 200, {
      action: 'visit_request.reopen',
      ...target,
    });
  });

  describe('documentation deleted', () => {
    let projectId: number;
    const layout = async (name: string) => {
      const [row] = await t.db
        .insert(layouts)
        .values({
          projectId,
          name,
          storageKey: `docs/${name}.png`,
          contentType: 'image/png',
          widthPx: 100,
          heightPx: 100,
        })
        .returning();
      return row!;
    };
    const photo = async (values: Partial<typeof photos.$inferInsert> = {}) => {
      sequence += 1;
      const [row] = await t.db
        .insert(photos)
        .values({
          projectId,
          storageKey: `docs/photo-${sequence}.jpg`,
          contentType: 'image/jpeg',
          sizeBytes: 10,
          ...values,
        })
        .returning();
      return row!;
    };

    beforeAll(async () => {
      projectId = (await makeProject(t.db, { clientId, name: 'Maple Court' })).id;
    });

    it('by staff: layouts, photos, close-ups and polygons, labelled with the property', async () => {
      const plan = await layout('Ground floor');
      await expectOneEntry(() => as.staff.request('DELETE', `/api/layouts/${plan.id}/`), 204, {
        action: 'layout.delete',
        targetType: 'layout',
        targetId: plan.id,
        targetLabel: 'Ground floor · Maple Court',
        details: { property_id: projectId },
      });
      const roof = await photo({ kind: 'drone', caption: 'Roof' });
      await expectOneEntry(() => as.staff.request('DELETE', `/api/photos/${roof.id}/`), 204, {
        action: 'photo.delete',
        targetType: 'photo',
        targetId: roof.id,
        targetLabel: 'Roof · Maple Court',
      });
      const sphere = await photo({ is360: true, kind: 'thermal' });
      const [closeUp] = await t.db
        .insert(panoramaHotspots)
        .values({
          photoId: sphere.id,
          pitch: 0,
          yaw: 0,
          storageKey: 'docs/valve.jpg',
          contentType: 'image/jpeg',
        })
        .returning();
      await expectOneEntry(() => as.staff.request('DELETE', `/api/hotspots/${closeUp!.id}/`), 204, {
        action: 'close_up.delete',
        targetType: 'close_up',
        targetId: closeUp!.id,
        targetLabel: 'Close-up · Maple Court',
      });
      await expectOneEntry(() => as.staff.request('DELETE', `/api/photos/${sphere.id}/`), 204, {
        action: 'photo.delete',
        targetType: 'photo',
        targetId: sphere.id,
        targetLabel: 'Thermal photo · Maple Court',
      });
      const upper = await layout('Upper floor');
      const [polygon] = await t.db
        .insert(layoutPolygons)
        .values({
          layoutId: upper.id,
          name: 'Kitchen',
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 0 },
            { x: 0, y: 10 },
          ],
        })
        .returning();
      await expectOneEntry(
        () => as.staff.request('DELETE', `/api/layouts/${upper.id}/polygons/${polygon!.id}/`),
        204,
        {
          action: 'polygon.delete',
          targetType: 'polygon',
          targetId: polygon!.id,
          targetLabel: 'Kitchen on Upper floor · Maple Court',
        },
      );
    });

    it("by the client's own manager: not a staff action, not logged", async () => {
      const own = await photo({ caption: 'Hall' });
      await expectNoEntry(() => as.manager.request('DELETE', `/api/photos/${own.id}/`), 204);
      const plan = await layout('Attic');
      await expectNoEntry(() => as.manager.request('DELETE', `/api/layouts/${plan.id}/`), 204);
    });

    it('a staff delete whose entry cannot be written keeps the photo', async () => {
      const kept = await photo({ caption: 'Boiler' });
      await withAuditRefused('photo.delete', async () => {
        expect((await as.staff.request('DELETE', `/api/photos/${kept.id}/`)).statusCode).toBe(500);
      });
      expect(await t.db.select().from(photos).where(eq(photos.id, kept.id))).toHaveLength(1);
    });
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even in plain SQL', async () => {
    const [before] = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    expect(before!.count).toBeGreaterThan(0);
    expect(await errorCodeOf(t.db.execute(sql`update audit_log set target_label = 'forged'`))).toBe('55000');
    expect(await errorCodeOf(t.db.update(auditLog).set({ actorEmail: 'x@example.test' }))).toBe('55000');
    expect(await errorCodeOf(t.db.execute(sql`delete from audit_log`))).toBe('55000');
    expect(await errorCodeOf(t.db.execute(sql`truncate audit_log`))).toBe('55000');
    const [after] = await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    expect(after!.count).toBe(before!.count);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetLabel, 'forged'))).toEqual([]);
  });

  it('has no route that changes it', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await as.superuser.request(method, `${LOG}1/`, { json: {} });
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe('GET /api/admin/audit-log/', () => {
  const list = async (query: string) => {
    const response = await as.superuser.get(`${LOG}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogPage>();
  };
  let archivist: { id: number; email: string };

  beforeAll(async () => {
    // Entries of one actor at known moments (inserting is what the log allows).
    const user = await makeUser(t.db, {
      type: null,
      isStaff: true,
      firstName: 'Audrey',
      lastName: 'Archivist',
    });
    archivist = { id: user.id, email: user.email };
    const at = (iso: string, action: AuditAction, id: number) => ({
      actorId: user.id,
      actorEmail: user.email,
      action,
      targetType: 'user' as const,
      targetId: id,
      targetLabel: `target ${id}`,
      createdAt: new Date(iso),
    });
    await t.db
      .insert(auditLog)
      .values([
        at('2021-03-01T12:00:00Z', 'user.deactivate', 1),
        at('2021-03-02T23:30:00Z', 'user.reactivate', 2),
        at('2021-03-03T00:30:00Z', 'user.deactivate', 3),
        ...Array.from({ length: 22 }, (_, i) =>
          at(`2020-01-${String(i + 1).padStart(2, '0')}T08:00:00Z`, 'user.send_password_reset', 100 + i),
        ),
      ]);
  });

  it('answers newest first, 20 a page, with the actor and target', async () => {
    const first = await list('');
    expect(first.results).toHaveLength(20);
    expect(first.current_page).toBe(1);
    expect(first.total_pages).toBe(Math.ceil(first.count / 20));
    const times = first.results.map((entry) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest entry is the last action of the tests above, by the staff member.
    expect(first.results[0]!.actor).toEqual({
      id: people.staff.id,
      email: people.staff.email,
      name: 'Stella Staff',
    });

    const all = await list(`actor=${encodeURIComponent(archivist.email)}&page=2`);
    expect(all).toMatchObject({ count: 25, total_pages: 2, current_page: 2 });
    expect(all.results).toHaveLength(5);
    // The oldest of that actor's entries is last.
    expect(all.results.at(-1)).toMatchObject({
      action: 'user.send_password_reset',
      actor: { id: archivist.id, email: archivist.email, name: 'Audrey Archivist' },
      target: { type: 'user', id: 100, label: 'target 100' },
      details: null,
      created_at: '2020-01-01T08:00:00.000Z',
    });
  });

  it('filters by action', async () => {
    const page = await list('action=user.reactivate');
    expect(page.results.length).toBeGreaterThanOrEqual(2);
    expect(page.results.every((entry) => entry.action === 'user.reactivate')).toBe(true);
    const approvals = await list('action=application.approve');
    expect(approvals.results.map((entry) => entry.target.type)).toEqual(['manager_application']);
  });

  it('filters by actor: every word in the copied email or the name, any case', async () => {
    expect((await list('actor=audrey%20ARCHIVIST')).count).toBe(25);
    expect(
      (await list(`actor=${encodeURIComponent(people.staff.email.toUpperCase())}`)).results[0]!.actor.id,
    ).toBe(people.staff.id);
    expect((await list('actor=audrey%20staff')).count).toBe(0);
    // LIKE wildcards are literal.
    expect((await list('actor=%25')).count).toBe(0);
  });

  it('filters by date range: days are whole UTC days, instants are exact, both ends inclusive', async () => {
    const ids = async (query: string) => (await list(query)).results.map((entry) => entry.target.id);
    expect(await ids('from=2021-03-02&to=2021-03-02')).toEqual([2]);
    expect(await ids('from=2021-03-01&to=2021-03-03')).toEqual([3, 2, 1]);
    expect(await ids('from=2021-03-01T00:00:00Z&to=2021-03-02')).toEqual([2, 1]);
    // 17:30 in Denver (UTC-7) on March 2 is 00:30 UTC on March 3.
    expect(await ids('from=2021-03-02T17:30:00-07:00&to=2021-03-02T17:30:00-07:00')).toEqual([3]);
    expect(await ids('from=2021-03-02T17:30:01-07:00&to=2021-03-04')).toEqual([]);
    expect(await ids('to=2021-03-01&action=user.deactivate')).toEqual([1]);
  });

  it('refuses a bad filter with 400 and the field', async () => {
    const bad = async (query: string) => {
      const response = await as.superuser.get(`${LOG}?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await bad('action=user.delete')).toEqual({ action: [AUDIT_LOG_MESSAGES.action] });
    expect(await bad('from=yesterday')).toEqual({ from: [AUDIT_LOG_MESSAGES.moment] });
    expect(await bad('to=2021-02-30T25:00:00Z')).toEqual({ to: [AUDIT_LOG_MESSAGES.moment] });
    expect(await bad('from=2021-03-03&to=2021-03-02')).toEqual({ to: [AUDIT_LOG_MESSAGES.range] });
    expect(await bad('page=0')).toHaveProperty('page');
    // Empty values are no filter.
    expect((await list('action=&actor=&from=&to=')).current_page).toBe(1);
  });

  it('is for superusers: 403 for other staff, managers and vendors, 401 signed out', async () => {
    const staffAnswer = await as.staff.get(LOG);
    expect(staffAnswer.statusCode).toBe(403);
    expect(staffAnswer.json()).toEqual({ detail: AUDIT_LOG_MESSAGES.superuserOnly });
    expect((await as.manager.get(LOG)).statusCode).toBe(403);
    expect((await as.vendor.get(LOG)).statusCode).toBe(403);
    const visitor = new TestClient(t.app, '10.13.0.1');
    await visitor.csrfToken();
    expect((await visitor.get(LOG)).statusCode).toBe(401);
  });
});
