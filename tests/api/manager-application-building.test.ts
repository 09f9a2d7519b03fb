import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyManagerApplications } from '#server/db/schema/applications.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { projects } from '#server/db/schema/projects.ts';
import { users } from '#server/db/schema/users.ts';
import type { ManagerDashboard } from '#shared/manager-responses.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

// The building a property manager's application names becomes the client's first property when
// staff approve it; until then the manager's dashboard says the application is under review.

const PM_BASE = '/api/property-manager-applications';
const REVIEW_BASE = '/api/admin/applications/managers';
const PASSWORD = 'aspen court keys 42';
let t: TestApp;
let staff: TestClient;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
  staff = (await signInNewUser(t, { type: null, isStaff: true, firstName: 'Stella', lastName: 'Staff' }))
    .client;
});
afterAll(async () => {
  await t.close();
});

/**
 * Applies through the wizard's own calls, sets the password from the success page's token and
 * signs in: the application's row and the new manager's signed-in client.
 */
async function applyAndSignIn(building: { name: string; address: string }) {
  sequence += 1;
  const email = `aspen${sequence}-${Date.now()}@aspen.example`;
  const visitor = new TestClient(t.app, `10.9.7.${sequence}`);
  await visitor.csrfToken();
  const steps: Array<[string, unknown]> = [
    [
      'save_building_info',
      {
        building_name: building.name,
        building_address: building.address,
        office_phone: '3035550100',
        ein: '123456789',
        total_employees: 8,
      },
    ],
    [
      'save_admin_contact',
      { first_name: 'Ada', last_name: 'Aspen', email, phone: '3035550101', job_title: 'Director' },
    ],
    ['save_company_info', { company_name: `Aspen Holdings ${sequence}`, company_address: '1 Aspen Way' }],
    ['submit', {}],
  ];
  for (const [step, body] of steps) {
    expect((await visitor.post(`${PM_BASE}/${step}/`, body)).statusCode).toBe(200);
  }
  const [application] = await t.db
    .select()
    .from(propertyManagerApplications)
    .where(eq(propertyManagerApplications.email, email));
  const success = await visitor.get(`${PM_BASE}/${application!.id}/success/`);
  const { password_token: token } = success.json<{ password_token: string }>();
  const set = await visitor.post('/api/users/set-password/', { token, password: PASSWORD });
  expect(set.statusCode).toBe(200);
  // The confirmation link of the mail that followed, clicked.
  await t.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, application!.userId!));
  const manager = new TestClient(t.app, `10.9.8.${sequence}`);
  expect((await manager.login(email, PASSWORD)).statusCode).toBe(200);
  return { application: application!, manager };
}

const dashboardOf = async (manager: TestClient) => {
  const response = await manager.get('/api/property-manager/dashboard/');
  expect(response.statusCode).toBe(200);
  return response.json<ManagerDashboard>();
};

const propertiesOf = (clientId: number) =>
  t.db.select().from(projects).where(eq(projects.clientId, clientId));

describe('the building of a property manager application', () => {
  it('is not a property while the application is under review, which the dashboard says', async () => {
    const { application, manager } = await applyAndSignIn({
      name: 'Aspen Court',
      address: '12 Aspen Way, Denver, CO',
    });
    expect(await propertiesOf(application.clientId!)).toEqual([]);
    const dashboard = await dashboardOf(manager);
    expect(dashboard.properties_overview).toEqual([]);
    expect(dashboard.under_review).toEqual({
      building_name: 'Aspen Court',
      submitted_at: application.submittedAt!.toISOString(),
    });
  });

  it('becomes the client’s active property when staff approve, shown on the dashboard', async () => {
    const { application, manager } = await applyAndSignIn({
      name: '  Birchwood Lofts ',
      address: '40 Birch Ave, Denver, CO',
    });
    const approved = await staff.post(`${REVIEW_BASE}/${application.id}/approve/`);
    expect(approved.statusCode).toBe(200);

    const made = await propertiesOf(application.clientId!);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      name: 'Birchwood Lofts',
      address: '40 Birch Ave, Denver, CO',
      isActive: true,
    });

    const dashboard = await dashboardOf(manager);
    expect(dashboard.under_review).toBeNull();
    expect(dashboard.properties_overview).toEqual([
      {
        id: made[0]!.id,
        name: 'Birchwood Lofts',
        address: '40 Birch Ave, Denver, CO',
        units: 0,
        open_requests: 0,
      },
    ]);
    // The manager can pick it for a request.
    const picked = await manager.get('/api/user/projects/');
    expect(picked.statusCode).toBe(200);
    expect(JSON.stringify(picked.json())).toContain('Birchwood Lofts');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'property.create'), eq(auditLog.targetId, made[0]!.id)));
    expect(entry).toMatchObject({ targetType: 'property', targetLabel: 'Birchwood Lofts' });
    expect(entry!.details).toMatchObject({
      application: application.id,
      address: '40 Birch Ave, Denver, CO',
    });
  });

  it('is not made twice when staff added a property of that name before approving', async () => {
    const { application } = await applyAndSignIn({ name: 'Cedar House', address: '7 Cedar Ln' });
    const added = await staff.post(`/api/admin/clients/${application.clientId}/projects/`, {
      name: 'cedar house',
      address: '7 Cedar Lane, Denver, CO',
      is_active: true,
    });
    expect(added.statusCode).toBe(201);
    expect((await staff.post(`${REVIEW_BASE}/${application.id}/approve/`)).statusCode).toBe(200);
    const made = await propertiesOf(application.clientId!);
    expect(made.map((row) => row.name)).toEqual(['cedar house']);
  });

  it('is not made when staff reject the application', async () => {
    const { application } = await applyAndSignIn({ name: 'Dogwood Place', address: '9 Dogwood Rd' });
    const rejected = await staff.post(`${REVIEW_BASE}/${application.id}/reject/`, {
      reason: 'We could not confirm the company.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await propertiesOf(application.clientId!)).toEqual([]);
  });
});
