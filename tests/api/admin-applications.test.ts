import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { clients } from '#server/db/schema/clients.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { makeUser } from '../support/factories.ts';
import { signInNewUser } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

const BASE = '/api/admin/applications';
const PM_BASE = '/api/property-manager-applications';
let t: TestApp;
let staff: TestClient;
let staffId: number;
let manager: TestClient;
let vendor: TestClient;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
  const staffUser = await signInNewUser(t, {
    type: null,
    isStaff: true,
    firstName: 'Stella',
    lastName: 'Staff',
  });
  staff = staffUser.client;
  staffId = staffUser.id;
  manager = (await signInNewUser(t, { type: 'property_manager' })).client;
  vendor = (await signInNewUser(t, { type: 'vendor' })).client;
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

/** A manager application through the wizard's own calls: submitted, with its client and account. */
async function submitManagerApplication(company = 'Birch Holdings') {
  sequence += 1;
  const email = `applicant${sequence}-${Date.now()}@birch.example`;
  const visitor = new TestClient(t.app, `10.9.1.${sequence}`);
  await visitor.csrfToken();
  const steps: Array<[string, unknown]> = [
    [
      'save_building_info',
      {
        building_name: 'Birch Court',
        building_address: '3 Birch St, Denver, CO',
        office_phone: '3035550100',
        ein: '123456789',
        total_employees: 8,
      },
    ],
    [
      'save_admin_contact',
      { first_name: 'Bea', last_name: 'Birch', email, phone: '3035550101', job_title: 'Director' },
    ],
    ['save_company_info', { company_name: company, company_address: '4 Birch St', company_logo: '' }],
    ['submit', {}],
  ];
  for (const [step, body] of steps) {
    expect((await visitor.post(`${PM_BASE}/${step}/`, body)).statusCode).toBe(200);
  }
  const [row] = await t.db
    .select()
    .from(propertyManagerApplications)
    .where(eq(propertyManagerApplications.email, email));
  return row!;
}

/** A vendor application in `status` (paid ones with their account and subscription). */
async function makeVendorApplication(status: 'draft' | 'payment_pending' | 'paid' = 'paid') {
  sequence += 1;
  const [plan] = await t.db.select().from(plans).where(eq(plans.name, 'Monthly'));
  const email = `vendor-applicant${sequence}-${Date.now()}@pine.example`;
  const account =
    status === 'paid' ? await makeUser(t.db, { type: 'vendor', email, firstName: 'Val' }) : null;
  const [row] = await t.db
    .insert(vendorApplications)
    .values({
      status,
      vendorName: `Pine Plumbing ${sequence}`,
      totalEmployees: 4,
      ein: '987654321',
      registeredState: 'CO',
      industry: 'Plumbing',
      address: '5 Pine Rd',
      firstName: 'Val',
      lastName: 'Pine',
      jobTitle: 'Owner',
      phone: '7205550199',
      email,
      insuranceCertificateKey: `certificates/test-${sequence}.pdf`,
      insuranceCertificateContentType: 'application/pdf',
      insuranceCertificateSize: 1234,
      insuranceExpiresOn: '2027-06-30',
      planId: plan!.id,
      userId: account?.id ?? null,
      submittedAt: status === 'draft' ? null : new Date(),
      paidAt: status === 'paid' ? new Date() : null,
      confirmationNumber: status === 'paid' ? `FB-TEST-${sequence}-${Date.now()}` : null,
    })
    .returning();
  if (account) {
    await t.db.insert(subscriptions).values({
      userId: account.id,
      planId: plan!.id,
      provider: 'local',
      providerSubscriptionId: `sub_local_review_${sequence}_${Date.now()}`,
      status: 'active',
    });
  }
  return row!;
}

describe('who may call the review API', () => {
  it('answers 401 signed out and 403 to managers and vendors, on every call', async () => {
    const application = await submitManagerApplication();
    const calls: Array<['GET' | 'POST', string]> = [
      ['GET', `${BASE}/managers/`],
      ['GET', `${BASE}/vendors/`],
      ['GET', `${BASE}/managers/${application.id}/`],
      ['POST', `${BASE}/managers/${application.id}/approve/`],
      ['POST', `${BASE}/managers/${application.id}/reject/`],
      ['POST', `${BASE}/vendors/1/approve/`],
    ];
    const anonymous = new TestClient(t.app, '10.9.0.9');
    await anonymous.csrfToken();
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { reason: 'No.' } : undefined;
      expect((await anonymous.request(method, url, { json: body })).statusCode, url).toBe(401);
      expect((await manager.request(method, url, { json: body })).statusCode, url).toBe(403);
      expect((await vendor.request(method, url, { json: body })).statusCode, url).toBe(403);
    }
    const [row] = await t.db
      .select()
      .from(propertyManagerApplications)
      .where(eq(propertyManagerApplications.id, application.id));
    expect(row!.status).toBe('submitted');
  });
});

describe('manager applications', () => {
  it('lists submitted ones newest first, without drafts, filtered by status, 10 a page', async () => {
    const older = await submitManagerApplication('Older Holdings');
    const newer = await submitManagerApplication('Newer Holdings');
    const draftVisitor = new TestClient(t.app, '10.9.2.1');
    await draftVisitor.csrfToken();
    await draftVisitor.post(`${PM_BASE}/save_company_info/`, {
      company_name: 'Draft Holdings',
      company_address: '1 Draft St',
      company_logo: '',
    });

    const response = await staff.get(`${BASE}/managers/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1 });
    expect(body.results.length).toBeLessThanOrEqual(10);
    const companies = body.results.map((row: { company: string }) => row.company);
    expect(companies).not.toContain('Draft Holdings');
    expect(companies.indexOf('Newer Holdings')).toBeLessThan(companies.indexOf('Older Holdings'));
    expect(body.results.find((row: { id: number }) => row.id === newer.id)).toEqual({
      id: newer.id,
      status: 'submitted',
      company: 'Newer Holdings',
      contact: 'Bea Birch',
      email: newer.email,
      submitted_at: expect.any(String),
      created_at: expect.any(String),
    });

    const drafts = (await staff.get(`${BASE}/managers/?status=draft`)).json();
    expect(drafts.results.map((row: { company: string }) => row.company)).toContain('Draft Holdings');
    expect(drafts.results.every((row: { status: string }) => row.status === 'draft')).toBe(true);

    const bad = await staff.get(`${BASE}/managers/?status=paid`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toEqual(['Choose one of: draft, submitted, approved, rejected.']);
    expect(older.id).toBeLessThan(newer.id);
  });

  it('pages by 10', async () => {
    for (let i = 0; i < 11; i += 1) await submitManagerApplication(`Paged ${i}`);
    const first = (await staff.get(`${BASE}/managers/?status=submitted`)).json();
    expect(first.results).toHaveLength(10);
    expect(first.total_pages).toBe(Math.ceil(first.count / 10));
    const second = (await staff.get(`${BASE}/managers/?status=submitted&page=2`)).json();
    expect(second.current_page).toBe(2);
    const ids = new Set(first.results.map((row: { id: number }) => row.id));
    expect(second.results.some((row: { id: number }) => ids.has(row.id))).toBe(false);
  });

  it('shows every field of one application', async () => {
    const application = await submitManagerApplication('Detail Holdings');
    const response = await staff.get(`${BASE}/managers/${application.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'managers',
      id: application.id,
      status: 'submitted',
      building_name: 'Birch Court',
      building_address: '3 Birch St, Denver, CO',
      office_phone: '3035550100',
      ein: '123456789',
      total_employees: 8,
      first_name: 'Bea',
      last_name: 'Birch',
      phone: '3035550101',
      job_title: 'Director',
      company_name: 'Detail Holdings',
      company_address: '4 Birch St',
      client_id: application.clientId,
      user_id: application.userId,
      user_is_active: true,
      reviewed_at: null,
      reviewed_by: null,
      review_note: '',
    });
    expect((await staff.get(`${BASE}/managers/999999/`)).statusCode).toBe(404);
    expect((await staff.get(`${BASE}/managers/abc/`)).statusCode).toBe(404);
  });

  it('approves a submitted application once, records who and when, and mails the applicant', async () => {
    const application = await submitManagerApplication('Approved Holdings');
    const response = await staff.post(`${BASE}/managers/${application.id}/approve/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      reviewed_by: 'Stella Staff',
      reviewed_at: expect.any(String),
      user_is_active: true,
    });
    const [row] = await t.db
      .select()
      .from(propertyManagerApplications)
      .where(eq(propertyManagerApplications.id, application.id));
    expect(row).toMatchObject({ status: 'approved', reviewedById: staffId, reviewNote: '' });
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    const mails = await mailsTo(application.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Your FieldBid application is approved',
      template: 'application_approved',
    });
    expect(mails[0]!.textBody).toContain('Approved Holdings');
    expect(mails[0]!.textBody).toContain('/login');
    expect(mails[0]!.htmlBody).toContain('Sign In');

    const again = await staff.post(`${BASE}/managers/${application.id}/approve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'This application is approved; only a submitted application can be approved.',
    );
    const reject = await staff.post(`${BASE}/managers/${application.id}/reject/`, { reason: 'Late.' });
    expect(reject.statusCode).toBe(409);
    expect(await mailsTo(application.email)).toHaveLength(1);
  });

  it('rejects with a reason: the account and its company are deactivated, the reason is mailed', async () => {
    const application = await submitManagerApplication('Rejected Holdings');
    const missing = await staff.post(`${BASE}/managers/${application.id}/reject/`, { reason: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      reason: ['Give the reason for the rejection; the applicant reads it.'],
    });
    const tooLong = await staff.post(`${BASE}/managers/${application.id}/reject/`, {
      reason: 'x'.repeat(2001),
    });
    expect(tooLong.json().errors.reason).toEqual(['Keep the reason to 2,000 characters or fewer.']);

    const response = await staff.post(`${BASE}/managers/${application.id}/reject/`, {
      reason: '  We could not verify the EIN.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      review_note: 'We could not verify the EIN.',
      user_is_active: false,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, application.userId!));
    expect(user!.isActive).toBe(false);
    const [company] = await t.db.select().from(clients).where(eq(clients.id, application.clientId!));
    expect(company!.isActive).toBe(false);
    const mails = await mailsTo(application.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Your FieldBid application was not approved',
      template: 'application_rejected',
    });
    expect(mails[0]!.textBody).toContain('The reason: We could not verify the EIN.');
    expect(mails[0]!.htmlBody).toContain('We could not verify the EIN.');

    const approve = await staff.post(`${BASE}/managers/${application.id}/approve/`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().detail).toBe(
      'This application is rejected; only a submitted application can be approved.',
    );
  });

  it('refuses to approve a draft and answers 404 for an unknown one', async () => {
    const draftVisitor = new TestClient(t.app, '10.9.2.2');
    await draftVisitor.csrfToken();
    await draftVisitor.post(`${PM_BASE}/save_company_info/`, {
      company_name: 'Unfinished Holdings',
      company_address: '1 Draft St',
      company_logo: '',
    });
    const [draft] = await t.db
      .select()
      .from(propertyManagerApplications)
      .where(
        and(
          eq(propertyManagerApplications.companyName, 'Unfinished Holdings'),
          eq(propertyManagerApplications.status, 'draft'),
        ),
      );
    const response = await staff.post(`${BASE}/managers/${draft!.id}/approve/`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'This application is draft; only a submitted application can be approved.',
    );
    expect((await staff.post(`${BASE}/managers/999999/approve/`)).statusCode).toBe(404);
  });
});

describe('vendor applications', () => {
  it('lists and shows one with its certificate link, plan and subscription', async () => {
    const application = await makeVendorApplication('paid');
    const pending = await makeVendorApplication('payment_pending');
    const list = (await staff.get(`${BASE}/vendors/?status=paid`)).json();
    expect(list.results.map((row: { id: number }) => row.id)).toContain(application.id);
    expect(list.results.map((row: { id: number }) => row.id)).not.toContain(pending.id);

    const response = await staff.get(`${BASE}/vendors/${application.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'vendors',
      status: 'paid',
      vendor_name: application.vendorName,
      registered_state: 'CO',
      industry: 'Plumbing',
      insurance_certificate_url: `/api/files/${application.insuranceCertificateKey}`,
      insurance_certificate_content_type: 'application/pdf',
      insurance_certificate_size: 1234,
      insurance_expires_on: '2027-06-30',
      plan: { name: 'Monthly', price: 49, frequency: 'monthly' },
      subscription: { status: 'active', provider: 'local' },
      confirmation_number: application.confirmationNumber,
      user_is_active: true,
    });
  });

  it('approves a paid application and mails the vendor; approving again is a conflict', async () => {
    const application = await makeVendorApplication('paid');
    const response = await staff.post(`${BASE}/vendors/${application.id}/approve/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'approved', reviewed_by: 'Stella Staff' });
    const mails = await mailsTo(application.email);
    expect(mails.map((mail) => mail.template)).toEqual(['application_approved']);
    expect(mails[0]!.textBody).toContain('vendor application');
    const again = await staff.post(`${BASE}/vendors/${application.id}/approve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'This application is approved; only a paid application can be approved.',
    );
  });

  it('rejects a paid application: the vendor account is deactivated and mailed the reason', async () => {
    const application = await makeVendorApplication('paid');
    const response = await staff.post(`${BASE}/vendors/${application.id}/reject/`, {
      reason: 'The certificate has expired.',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.id, application.id));
    expect(row).toMatchObject({
      status: 'rejected',
      reviewedById: staffId,
      reviewNote: 'The certificate has expired.',
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, application.userId!));
    expect(user!.isActive).toBe(false);
    const mails = await mailsTo(application.email);
    expect(mails.map((mail) => mail.template)).toEqual(['application_rejected']);
    expect(mails[0]!.textBody).toContain('The certificate has expired.');
  });

  it('refuses to decide an application whose payment is not confirmed', async () => {
    const pending = await makeVendorApplication('payment_pending');
    const approve = await staff.post(`${BASE}/vendors/${pending.id}/approve/`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().detail).toBe(
      'This application is payment pending; only a paid application can be approved.',
    );
    const reject = await staff.post(`${BASE}/vendors/${pending.id}/reject/`, { reason: 'No.' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().detail).toBe(
      'This application is payment pending; only a paid application can be rejected.',
    );
    expect(await mailsTo(pending.email)).toHaveLength(0);
  });
});
