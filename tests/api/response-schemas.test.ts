import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { layouts } from '#server/db/schema/documentation.ts';
import { users } from '#server/db/schema/users.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '#server/seed/seed.ts';
import {
  APPLICATION_KINDS,
  applicationDetailSchema,
  applicationPageSchema,
} from '#shared/admin-applications.ts';
import { auditLogPageSchema } from '#shared/admin-audit-log.ts';
import {
  adminClientDetailSchema,
  adminClientPageSchema,
  adminProjectSchema,
  adminUnitListSchema,
  unitsAddedSchema,
} from '#shared/admin-clients.ts';
import {
  adminContactMessageSchema,
  adminDemoRequestSchema,
  adminVisitRequestSchema,
  contactMessagePageSchema,
  demoRequestPageSchema,
  inboxCountsSchema,
  visitRequestPageSchema,
} from '#shared/admin-inbox.ts';
import { adminMailPageSchema } from '#shared/admin-mail.ts';
import { adminPlanListSchema, adminPlanSchema } from '#shared/admin-plans.ts';
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  sendPasswordResetResponseSchema,
} from '#shared/admin-users.ts';
import { apiKeyListSchema, createdApiKeySchema } from '#shared/api-keys.ts';
import { bidBodySchema, myBidPageSchema } from '#shared/bid-responses.ts';
import { layoutPolygonSchema, projectDocumentationSchema } from '#shared/documentation-responses.ts';
import { managerSubmitResponseSchema, managerSuccessResponseSchema } from '#shared/manager-application.ts';
import { managerDashboardSchema, managerRequestPageSchema, teamSchema } from '#shared/manager-responses.ts';
import {
  conversationListSchema,
  messageReadResponseSchema,
  messageSchema,
  messageThreadSchema,
} from '#shared/message-schemas.ts';
import {
  markAllReadResponseSchema,
  notificationListSchema,
  notificationSchema,
} from '#shared/notification-schemas.ts';
import {
  clientProjectListSchema,
  projectHistorySchema,
  projectUnitListSchema,
} from '#shared/project-responses.ts';
import {
  createdRequestSchema,
  invitationAnswerSchema,
  jobPageSchema,
  lifecycleAnswerSchema,
  requestDetailSchema,
} from '#shared/request-responses.ts';
import { messageAnswerSchema, noContentSchema, successAnswerSchema } from '#shared/response-fields.ts';
import { insuranceStatusSchema, userProfileAnswerSchema } from '#shared/user-profile.ts';
import { userProjectListSchema } from '#shared/user-projects.ts';
import {
  authStatusSchema,
  csrfTokenAnswerSchema,
  loginResponseSchema,
  passwordTokenAnswerSchema,
} from '#shared/users.ts';
import { planListSchema, vendorSubmitResponseSchema } from '#shared/vendor-application.ts';
import { vendorDashboardSchema } from '#shared/vendor-dashboard.ts';
import { vendorDirectorySchema } from '#shared/vendor-directory.ts';
import { workQueueSchema } from '#shared/work-queue.ts';
import { expectAnswer } from '../support/answer-schema.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, pngFile, postMultipart } from '../support/multipart.ts';
import { TestClient } from '../support/test-client.ts';
import { png } from '../support/test-images.ts';
import { companyInfo, PDF, uploadCertificate, visitor } from '../support/vendor-applicant.ts';

/*
 * Every answer the browser reads, read through the shared schema its screen reads it with
 * ("one contract"), on the seeded demo data: the vendor, the manager and staff each call their own
 * routes, and the writes run through the request lifecycle once. A field the server adds, drops or
 * sends in another type fails here first.
 */

let t: TestAppWithFiles;
let vendor: TestClient;
let manager: TestClient;
let staff: TestClient;
let addressCounter = 0;

async function signInDemo(email: string): Promise<TestClient> {
  const client = new TestClient(t.app, `10.77.0.${++addressCounter}`);
  expectAnswer(await client.login(email, DEMO_PASSWORD), loginResponseSchema, 200);
  return client;
}

const put = (client: TestClient, url: string, json: unknown) => client.request('PUT', url, { json });
const del = (client: TestClient, url: string) => client.request('DELETE', url);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await startTestAppWithFiles('response-schemas');
  await seedDemoData(t.db, { files: { put: async () => undefined } });
  vendor = await signInDemo(DEMO_EMAILS.vendor);
  manager = await signInDemo(DEMO_EMAILS.manager);
  staff = await signInDemo(DEMO_EMAILS.admin);
});
afterAll(async () => {
  await t?.close();
});

describe('answers to anyone', () => {
  it('CSRF token, auth status, plans and the public forms', async () => {
    const visitorClient = new TestClient(t.app, '10.77.1.1');
    expectAnswer(await visitorClient.get('/api/get-csrf-token/'), csrfTokenAnswerSchema, 200);
    const anonymous = expectAnswer(await visitorClient.get('/api/users/auth-status/'), authStatusSchema, 200);
    expect(anonymous.isAuthenticated).toBe(false);
    expect(
      expectAnswer(await visitorClient.get('/api/vendor-plans/'), planListSchema, 200).length,
    ).toBeGreaterThan(0);
    expectAnswer(
      await visitorClient.post('/api/demo-requests/', { email: 'schema@acme.test', company_name: 'Acme' }),
      messageAnswerSchema,
      201,
    );
    const contact = multipart(
      Object.entries({
        name: 'Dana Reyes',
        email: 'dana@schema.test',
        phone: '3035550100',
        message: 'Hello',
      }).map(([name, value]) => ({ name, value })),
    );
    expectAnswer(await postMultipart(visitorClient, '/api/contact', contact), messageAnswerSchema);
    expectAnswer(
      await visitorClient.post('/api/visit-requests/', {
        name: 'Ruth Alvarez',
        email: 'ruth@schema.test',
        phone: '(303) 555-0142',
        company_name: 'Larimer Holdings',
        property_address: '1550 Larimer St, Denver, CO 80202',
        number_of_units: 48,
        preferred_date_1: inDays(10).slice(0, 10),
        preferred_time_1: 'morning',
        preferred_date_2: inDays(12).slice(0, 10),
        preferred_time_2: 'afternoon',
      }),
      messageAnswerSchema,
    );
  });

  it('the manager application wizard, then the new account sets its password and confirms its email', async () => {
    const applicant = new TestClient(t.app, '10.77.2.1');
    await applicant.csrfToken();
    const base = '/api/property-manager-applications';
    const email = 'dana.schema@maple.example';
    const steps: Array<[string, unknown]> = [
      [
        'save_building_info',
        {
          building_name: 'Maple Court',
          building_address: '12 Maple St, Denver, CO',
          office_phone: '(303) 555-0100',
          ein: '12-3456789',
          total_employees: 25,
        },
      ],
      [
        'save_admin_contact',
        { first_name: 'Dana', last_name: 'Reyes', email, phone: '7205550111', job_title: 'Property Manager' },
      ],
      ['save_company_info', { company_name: 'Maple Holdings', company_address: '1 Main St, Denver, CO' }],
    ];
    for (const [step, body] of steps) {
      expectAnswer(await applicant.post(`${base}/${step}/`, body), successAnswerSchema, 200);
    }
    const { redirect_url } = expectAnswer(
      await applicant.post(`${base}/submit/`),
      managerSubmitResponseSchema,
      200,
    );
    const applicationId = /\/(\d+)\/success$/.exec(redirect_url)?.[1];
    const { password_token } = expectAnswer(
      await applicant.get(`${base}/${applicationId}/success/`),
      managerSuccessResponseSchema,
      200,
    );

    expectAnswer(
      await applicant.get(`/api/users/validate-password-token/${password_token}/`),
      passwordTokenAnswerSchema,
      200,
    );
    expectAnswer(
      await applicant.post('/api/users/set-password/', {
        token: password_token,
        password: 'a new password 1',
      }),
      messageAnswerSchema,
      200,
    );
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const confirmKey = await issuePasswordToken(t.db, account!.id, 'confirm_email');
    expectAnswer(
      await applicant.post('/users/resend-validation-email/', { email }),
      messageAnswerSchema,
      200,
    );
    expectAnswer(
      await applicant.post('/api/users/confirm-email/', { key: confirmKey }),
      messageAnswerSchema,
      200,
    );
    expectAnswer(await applicant.post('/api/users/reset-password/', { email }), messageAnswerSchema, 200);
    const resetToken = await issuePasswordToken(t.db, account!.id, 'reset_password');
    expectAnswer(
      await applicant.post('/api/users/reset-password-confirm/', {
        token: resetToken,
        password: 'another one 22',
      }),
      messageAnswerSchema,
      200,
    );
  });

  it('the vendor application wizard up to the checkout address', async () => {
    const applicant = await visitor(t.app);
    expectAnswer(
      await applicant.post('/api/vendor-applications/save_company_info/', companyInfo()),
      successAnswerSchema,
      200,
    );
    expectAnswer(
      await uploadCertificate(applicant, PDF, 'cert.pdf', { insurance_expires_on: '2031-06-30' }),
      successAnswerSchema,
      200,
    );
    expectAnswer(
      await applicant.post('/api/vendor-applications/submit/', { plan_id: 1 }),
      vendorSubmitResponseSchema,
      200,
    );
  });
});

describe("the vendor's answers", () => {
  it('auth status, profile, insurance, API keys and properties', async () => {
    expect(expectAnswer(await vendor.get('/api/users/auth-status/'), authStatusSchema, 200).user?.type).toBe(
      'vendor',
    );
    const profile = expectAnswer(await vendor.get('/api/user-profile/'), userProfileAnswerSchema, 200);
    expectAnswer(await put(vendor, '/api/user-profile/', profile), userProfileAnswerSchema, 200);
    expectAnswer(await vendor.get('/api/vendor/insurance/'), insuranceStatusSchema, 200);
    const certificate = multipart([
      { name: 'insurance_certificate', value: PDF, filename: 'cert.pdf', type: 'application/pdf' },
      { name: 'insurance_expires_on', value: inDays(400).slice(0, 10) },
    ]);
    expectAnswer(
      await postMultipart(vendor, '/api/vendor/insurance/', certificate),
      insuranceStatusSchema,
      200,
    );

    const created = expectAnswer(
      await vendor.post('/api/vendor/api-keys/', { name: 'Back office' }),
      createdApiKeySchema,
      201,
    );
    expect(
      expectAnswer(await vendor.get('/api/vendor/api-keys/'), apiKeyListSchema, 200).length,
    ).toBeGreaterThan(0);
    expectAnswer(await del(vendor, `/api/vendor/api-keys/${created.id}/`), noContentSchema, 204);

    expectAnswer(await vendor.get('/api/user/projects/'), userProjectListSchema, 200);
  });

  it('jobs in every status, their details, the dashboard, My Bids and the directory', async () => {
    for (const status of ['', 'open', 'in_progress', 'completed', 'cancelled']) {
      const page = expectAnswer(
        await vendor.get(`/api/vendor/jobs/?page_size=100${status ? `&status=${status}` : ''}`),
        jobPageSchema,
        200,
      );
      for (const job of page.results.slice(0, 5)) {
        expectAnswer(await vendor.get(`/api/requests/${job.id}/`), requestDetailSchema, 200);
      }
    }
    const dashboard = expectAnswer(await vendor.get('/api/vendor/dashboard/'), vendorDashboardSchema, 200);
    // The awarded and completed jobs' details carry the award and the completion report.
    for (const item of [...dashboard.current_jobs, ...dashboard.completed_jobs]) {
      const detail = expectAnswer(
        await vendor.get(`/api/requests/${item.request_id}/`),
        requestDetailSchema,
        200,
      );
      expect(detail.awarded_bid).not.toBeNull();
    }
    const mine = expectAnswer(await vendor.get('/api/vendor/bids/?page_size=100'), myBidPageSchema, 200);
    expect(mine.results.length).toBeGreaterThan(0);
    for (const bid of mine.results)
      expectAnswer(await vendor.get(`/api/bids/${bid.id}/`), bidBodySchema, 200);
    expectAnswer(await vendor.get('/api/vendors/'), vendorDirectorySchema, 200);
  });

  it('the documentation of a property it works on', async () => {
    const projects = expectAnswer(await vendor.get('/api/user/projects/'), userProjectListSchema, 200);
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      expectAnswer(
        await vendor.get(`/api/projects/${project.id}/documentation/`),
        projectDocumentationSchema,
        200,
      );
    }
  });

  it('conversations, threads, a message and notifications', async () => {
    const conversations = expectAnswer(
      await vendor.get('/api/messages/conversations/'),
      conversationListSchema,
      200,
    );
    expect(conversations.length).toBeGreaterThan(0);
    const requestId = conversations[0]!.request_id;
    expectAnswer(await vendor.get(`/api/messages/?request=${requestId}`), messageThreadSchema, 200);
    expectAnswer(
      await vendor.post('/api/messages/read/', { request: requestId }),
      messageReadResponseSchema,
      200,
    );
    expectAnswer(
      await vendor.post('/api/messages/', { request: requestId, content: 'On my way.' }),
      messageSchema,
      201,
    );

    const notifications = expectAnswer(await vendor.get('/api/notifications/'), notificationListSchema, 200);
    expectAnswer(await vendor.get('/api/notifications/?is_read=false'), notificationListSchema, 200);
    expect(notifications.length).toBeGreaterThan(0);
    expectAnswer(
      await vendor.post(`/api/notifications/${notifications[0]!.id}/mark-read/`),
      notificationSchema,
      200,
    );
    expectAnswer(await vendor.post('/api/notifications/mark-all-read/'), markAllReadResponseSchema, 200);
  });

  it('reports work it found on site (the vendor request form)', async () => {
    const [project] = expectAnswer(await vendor.get('/api/user/projects/'), userProjectListSchema, 200);
    expectAnswer(
      await vendor.post('/api/requests/', {
        type: 'Plumbing',
        description: 'A second leak behind the same wall.',
        timeframe: '2 Weeks',
        invite_all: 'true',
        areas_affected: '[]',
        project_id: String(project!.id),
      }),
      createdRequestSchema,
      201,
    );
  });
});

describe("the manager's answers", () => {
  it('auth status, dashboard, Maintenance Requests, team and the properties', async () => {
    const status = expectAnswer(await manager.get('/api/users/auth-status/'), authStatusSchema, 200);
    const dashboard = expectAnswer(
      await manager.get('/api/property-manager/dashboard/'),
      managerDashboardSchema,
      200,
    );
    for (const query of [
      '',
      '?status=open&page_size=100&ordering=-created',
      '?status=completed',
      '?search=leak',
    ]) {
      const page = expectAnswer(
        await manager.get(`/api/property-manager/maintenance-requests/${query}`),
        managerRequestPageSchema,
        200,
      );
      for (const request of page.results.slice(0, 5)) {
        expectAnswer(await manager.get(`/api/requests/${request.id}/`), requestDetailSchema, 200);
      }
    }
    expectAnswer(await manager.get('/api/property-manager/team/'), teamSchema, 200);
    const queue = expectAnswer(await manager.get('/api/property-manager/work-queue/'), workQueueSchema, 200);
    expect(queue.items.length).toBeGreaterThan(0);
    expectAnswer(await manager.get('/api/vendors/?category=Plumbing'), vendorDirectorySchema, 200);
    expectAnswer(await manager.get('/api/user/projects/'), userProjectListSchema, 200);

    const clientId = status.user?.client;
    const projects = expectAnswer(
      await manager.get(`/api/clients/${clientId}/projects/`),
      clientProjectListSchema,
      200,
    );
    expect(projects.length).toBe(dashboard.stats.properties);
    for (const project of projects) {
      expectAnswer(await manager.get(`/api/projects/${project.id}/units/`), projectUnitListSchema, 200);
      expectAnswer(await manager.get(`/api/projects/${project.id}/history/`), projectHistorySchema, 200);
      expectAnswer(
        await manager.get(`/api/projects/${project.id}/documentation/`),
        projectDocumentationSchema,
        200,
      );
    }
  });

  it('keeps and deletes a polygon on a layout', async () => {
    const [layout] = await t.db.select().from(layouts).orderBy(asc(layouts.id)).limit(1);
    const polygon = expectAnswer(
      await manager.post(`/api/layouts/${layout!.id}/polygons/`, {
        name: 'Kitchen',
        points: [
          { x: 1, y: 1 },
          { x: 20, y: 1 },
          { x: 20, y: 20 },
        ],
      }),
      layoutPolygonSchema,
      201,
    );
    expectAnswer(
      await del(manager, `/api/layouts/${layout!.id}/polygons/${polygon.id}/`),
      noContentSchema,
      204,
    );
  });

  it('a request through its whole lifecycle, with the vendor bidding and completing it', async () => {
    const [project] = expectAnswer(
      await manager.get(`/api/clients/${await managerClientId()}/projects/`),
      clientProjectListSchema,
      200,
    );
    const [unit] = expectAnswer(
      await manager.get(`/api/projects/${project!.id}/units/`),
      projectUnitListSchema,
      200,
    );
    const photo = multipart([
      { name: 'type', value: 'Plumbing' },
      { name: 'description', value: 'The kitchen tap drips.' },
      { name: 'priority', value: 'high' },
      { name: 'property_id', value: String(project!.id) },
      ...(unit ? [{ name: 'unit_id', value: String(unit.id) }] : []),
      { name: 'invite_all', value: 'true' },
      { name: 'bid_deadline', value: inDays(7) },
      pngFile('photos', png()),
    ]);
    const created = expectAnswer(
      await postMultipart(manager, '/api/requests/', photo),
      createdRequestSchema,
      201,
    );
    const request = (step: string) => `/api/requests/${created.id}/${step}/`;

    const directory = expectAnswer(await manager.get('/api/vendors/'), vendorDirectorySchema, 200);
    const demoVendor = await userId(DEMO_EMAILS.vendor);
    const other = directory.find((entry) => entry.id !== demoVendor);
    expectAnswer(
      await manager.post(request('invitations'), { vendors: [other!.id] }),
      invitationAnswerSchema,
      200,
    );
    expectAnswer(
      await manager.post(request('bidding'), { is_open_for_bids: false }),
      lifecycleAnswerSchema,
      200,
    );
    expectAnswer(
      await manager.post(request('bidding'), { is_open_for_bids: true }),
      lifecycleAnswerSchema,
      200,
    );

    const bidInput = {
      amount: 240,
      estimated_time: 2.5,
      estimated_time_unit: 'hours',
      proposed_start_date: inDays(3),
      notes: 'New cartridge.',
    };
    const bid = expectAnswer(await vendor.post(request('bid'), bidInput), bidBodySchema, 201);
    const edited = expectAnswer(
      await put(vendor, request('bid'), { ...bidInput, amount: 230 }),
      bidBodySchema,
      200,
    );
    expectAnswer(await manager.get(`/api/bids/${bid.id}/`), bidBodySchema, 200);
    // Before the award the managers weigh the bid's notes and start, and see what they entered.
    const open = expectAnswer(await manager.get(`/api/requests/${created.id}/`), requestDetailSchema, 200);
    expect(open).toMatchObject({ priority: 'high', raised_by: 'manager', unit: unit?.number ?? null });
    expect(open.bids[0]).toMatchObject({
      notes: 'New cartridge.',
      proposed_start_date: new Date(bidInput.proposed_start_date).toISOString(),
    });
    const asVendor = expectAnswer(await vendor.get(`/api/requests/${created.id}/`), requestDetailSchema, 200);
    expect(asVendor.bids[0]).not.toHaveProperty('notes');
    expect(asVendor.bids[0]).not.toHaveProperty('proposed_start_date');
    expectAnswer(
      await manager.post('/api/messages/', {
        request: created.id,
        vendor: demoVendor,
        content: 'When can you come?',
      }),
      messageSchema,
      201,
    );
    expectAnswer(
      await manager.get(`/api/messages/?request=${created.id}&vendor=${demoVendor}`),
      messageThreadSchema,
      200,
    );
    expectAnswer(await manager.get('/api/messages/conversations/'), conversationListSchema, 200);

    // The award names the version the manager saw: the edited bid's.
    expectAnswer(
      await manager.post(request('award'), { bid_id: bid.id, bid_version: edited.version }),
      lifecycleAnswerSchema,
      200,
    );
    const done = multipart([{ name: 'note', value: 'Replaced the cartridge.' }, pngFile('photos', png())]);
    expectAnswer(await postMultipart(vendor, request('complete'), done), lifecycleAnswerSchema, 200);
    expectAnswer(
      await manager.post(request('send-back'), { note: 'Still drips.' }),
      lifecycleAnswerSchema,
      200,
    );
    expectAnswer(
      await vendor.post(request('complete'), { note: 'Fixed for good.' }),
      lifecycleAnswerSchema,
      200,
    );
    expectAnswer(await vendor.get(`/api/requests/${created.id}/`), requestDetailSchema, 200);
    expectAnswer(await manager.post(request('confirm'), { note: 'Thanks.' }), lifecycleAnswerSchema, 200);
    const detail = expectAnswer(await manager.get(`/api/requests/${created.id}/`), requestDetailSchema, 200);
    expect(detail.completion?.completed_at).not.toBeNull();
    expectAnswer(await manager.get(`/api/projects/${project!.id}/history/`), projectHistorySchema, 200);

    // A second request: cancelled and reopened, and a bid withdrawn.
    const second = expectAnswer(
      await manager.post('/api/requests/', {
        type: 'Electrical',
        description: 'A dead outlet in the hall.',
        property_id: project!.id,
        invite_all: true,
      }),
      createdRequestSchema,
      201,
    );
    const secondBid = expectAnswer(
      await vendor.post(`/api/requests/${second.id}/bid/`, bidInput),
      bidBodySchema,
      201,
    );
    expectAnswer(await vendor.post(`/api/bids/${secondBid.id}/withdraw/`), bidBodySchema, 200);
    expectAnswer(
      await manager.post(`/api/requests/${second.id}/cancel/`, { reason: 'Fixed by staff.' }),
      lifecycleAnswerSchema,
      200,
    );
    expectAnswer(await manager.post(`/api/requests/${second.id}/reopen/`, {}), lifecycleAnswerSchema, 200);
  });
});

describe("staff's answers", () => {
  it('plans and sent mail', async () => {
    const plans = expectAnswer(await staff.get('/api/admin/plans/'), adminPlanListSchema, 200);
    const plan = expectAnswer(
      await staff.post('/api/admin/plans/', {
        name: 'Schema Pro',
        price: 129.5,
        frequency: 'monthly',
        description: 'For larger crews.',
        is_active: false,
        sort_order: 9,
      }),
      adminPlanSchema,
      201,
    );
    const { id: _id, ...values } = plan;
    expectAnswer(
      await put(staff, `/api/admin/plans/${plan.id}/`, { ...values, name: 'Schema Max' }),
      adminPlanSchema,
      200,
    );
    expect(plans.results.length).toBeGreaterThan(0);
    expectAnswer(await staff.get('/api/admin/mail/'), adminMailPageSchema, 200);
    expectAnswer(await staff.get('/api/admin/mail/?unmasked=1'), adminMailPageSchema, 200);
  });

  it('applications, users and the audit log', async () => {
    for (const kind of APPLICATION_KINDS) {
      const page = expectAnswer(
        await staff.get(`/api/admin/applications/${kind}/`),
        applicationPageSchema,
        200,
      );
      for (const application of page.results.slice(0, 3)) {
        expectAnswer(
          await staff.get(`/api/admin/applications/${kind}/${application.id}/`),
          applicationDetailSchema,
          200,
        );
      }
    }
    const submitted = expectAnswer(
      await staff.get('/api/admin/applications/managers/?status=submitted'),
      applicationPageSchema,
      200,
    );
    // The application the wizard test above submitted.
    const waiting = submitted.results[0]!;
    expectAnswer(
      await staff.post(`/api/admin/applications/managers/${waiting.id}/approve/`, {}),
      applicationDetailSchema,
      200,
    );

    const page = expectAnswer(await staff.get('/api/admin/users/?page=1'), adminUserPageSchema, 200);
    expect(page.results.length).toBeGreaterThan(0);
    const someone = await makeUser(t.db, { type: 'vendor' });
    expectAnswer(await staff.get(`/api/admin/users/${someone.id}/`), adminUserDetailSchema, 200);
    expectAnswer(
      await staff.post(`/api/admin/users/${someone.id}/deactivate/`, {}),
      adminUserDetailSchema,
      200,
    );
    expectAnswer(
      await staff.post(`/api/admin/users/${someone.id}/reactivate/`, {}),
      adminUserDetailSchema,
      200,
    );
    expectAnswer(
      await staff.post(`/api/admin/users/${someone.id}/send-password-reset/`, {}),
      sendPasswordResetResponseSchema,
    );
    expectAnswer(await staff.get('/api/admin/audit-log/'), auditLogPageSchema, 200);
  });

  it('clients, properties, units and a thumbnail', async () => {
    const clients = expectAnswer(await staff.get('/api/admin/clients/'), adminClientPageSchema, 200);
    const client = clients.results[0]!;
    expectAnswer(await staff.get(`/api/admin/clients/${client.id}/`), adminClientDetailSchema, 200);
    const project = expectAnswer(
      await staff.post(`/api/admin/clients/${client.id}/projects/`, {
        name: 'Schema Lofts',
        address: '9 Test St',
      }),
      adminProjectSchema,
      201,
    );
    expectAnswer(
      await put(staff, `/api/admin/projects/${project.id}/`, {
        name: 'Schema Lofts',
        address: '9 Test St',
        is_active: false,
      }),
      adminProjectSchema,
      200,
    );
    expectAnswer(
      await staff.post(`/api/admin/projects/${project.id}/units/`, { numbers: '101, 102' }),
      unitsAddedSchema,
      201,
    );
    const units = expectAnswer(
      await staff.get(`/api/admin/projects/${project.id}/units/`),
      adminUnitListSchema,
      200,
    );
    expectAnswer(await del(staff, `/api/admin/units/${units.results[0]!.id}/`), noContentSchema, 204);
    const thumbnail = multipart([pngFile('thumbnail', png())]);
    expectAnswer(
      await postMultipart(staff, `/api/admin/projects/${project.id}/thumbnail/`, thumbnail),
      adminProjectSchema,
      200,
    );
  });

  it('the inbox: counts, the three lists and their changes', async () => {
    expectAnswer(await staff.get('/api/admin/inbox/counts/'), inboxCountsSchema, 200);
    const demos = expectAnswer(await staff.get('/api/admin/demo-requests/'), demoRequestPageSchema, 200);
    const messages = expectAnswer(
      await staff.get('/api/admin/contact-messages/'),
      contactMessagePageSchema,
      200,
    );
    const visits = expectAnswer(await staff.get('/api/admin/visit-requests/'), visitRequestPageSchema, 200);
    const demo = demos.results.find((row) => row.status === 'new')!;
    expectAnswer(
      await staff.post(`/api/admin/demo-requests/${demo.id}/handle/`, { status: 'approved' }),
      adminDemoRequestSchema,
      200,
    );
    expectAnswer(
      await staff.post(`/api/admin/demo-requests/${demo.id}/reopen/`),
      adminDemoRequestSchema,
      200,
    );
    const message = messages.results.find((row) => row.handled_at === null)!;
    expectAnswer(
      await staff.post(`/api/admin/contact-messages/${message.id}/handle/`),
      adminContactMessageSchema,
      200,
    );
    const visit = visits.results.find((row) => row.handled_at === null)!;
    expectAnswer(
      await staff.post(`/api/admin/visit-requests/${visit.id}/handle/`),
      adminVisitRequestSchema,
      200,
    );
    expectAnswer(
      await staff.post(`/api/admin/visit-requests/${visit.id}/reopen/`),
      adminVisitRequestSchema,
      200,
    );
  });
});

async function userId(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function managerClientId(): Promise<number> {
  const [row] = await t.db
    .select({ clientId: users.clientId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.manager));
  return row!.clientId!;
}
