import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { bids } from '#server/db/schema/bids.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notificationQuietHours } from '#server/db/schema/notification-deliveries.ts';
import { plans } from '#server/db/schema/plans.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { maintenanceRequests as mr, requestStatusHistory } from '#server/db/schema/requests.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { Raster } from '#server/images/png-raster.ts';
import { parseUnitNumbers } from '#shared/admin-clients.ts';
import { cleanHeaderText } from '#shared/text-fields.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { type FormPart, multipart, postMultipart } from '../support/multipart.ts';
import { anyNumber, anyText } from '../support/nasty-input.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestClient } from '../support/test-client.ts';
import { companyInfo, PDF, uploadCertificate, VENDOR_BASE, visitor } from '../support/vendor-applicant.ts';

/*
 * "Bad input never reaches the database raw" (docs/decisions/trust-input-and-headers.md "Text input"): every text
 * field of every write route gets arbitrary strings (NUL, lone surrogates, direction marks, emoji,
 * 10,000 characters, SQL and HTML), every numeric field arbitrary numbers, and
 *   - the answer is never a 5xx;
 *   - a refusal (4xx) names the field in `errors[field]`;
 *   - what was accepted reads back from the database as sent (trimmed; line breaks as LF; the
 *     field's own documented transformation, such as a lower-cased email or a phone's digits).
 */

const TEXT_RUNS = 20;
const NUMBER_RUNS = 20;

let t: TestAppWithFiles;
type Who = 'visitor' | 'manager' | 'vendor' | 'insuredVendor' | 'profileUser' | 'staff' | 'superuser';
const as = {} as Record<Exclude<Who, 'visitor'>, TestClient>;
const ids = {} as Record<
  | 'manager'
  | 'vendor'
  | 'otherVendor'
  | 'profileUser'
  | 'client'
  | 'project'
  | 'adminProject'
  | 'layout'
  | 'panorama'
  | 'hotspot'
  | 'plan'
  | 'threadRequest'
  | 'inviteRequest',
  number
>;
let profileEmail: string;

const PNG = new Raster(300, 200, [200, 200, 200]).toPng();
let sequence = 0;
const FUTURE = '2031-03-04T09:30:00Z';

/** A run's own rows: ids of what `prepare` made (a fresh request in the state the route needs). */
type Row = Record<string, number>;
type Body = Record<string, unknown>;

/**
 * How an accepted text reads back: `line` trimmed, `lines` trimmed with LF line breaks, `lower` and
 * `digits` as the field documents, `date`/`moment` the same day or instant, `choice` as sent (blank
 * means the default), `units` the typed unit numbers all stored; null: never stored as text
 * (passwords and tokens are hashed), so only the answer is checked.
 */
type TextOracle = 'line' | 'lines' | 'lower' | 'digits' | 'date' | 'moment' | 'choice' | 'units' | null;
/**
 * `value`: required, reads back as the number sent; `optional`: the same, but blank or null means the
 * default; `ref`: an id of another row, which may not exist (then `missingRef` statuses are allowed).
 */
type NumberOracle = 'value' | 'optional' | 'ref';

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  path: (row: Row) => string;
  who: Who;
  encoding: 'json' | 'multipart';
  /** A valid body; each run replaces one field of it. */
  base: (row: Row) => Body;
  text: Record<string, TextOracle>;
  numbers: Record<string, NumberOracle>;
  /** Where a field's value sits in the body when it is not the field itself (a list's element). */
  wrap?: Record<string, (value: unknown) => unknown>;
  prepare?: (client: TestClient) => Promise<Row>;
  /** The stored values of the fields, after an accepted write. */
  stored?: (row: Row, answer: LightMyRequestResponse) => Promise<Record<string, unknown>>;
  /** An answer that means the input was taken (default: 2xx). */
  accepted?: (answer: LightMyRequestResponse) => boolean;
  /** Statuses a `ref` field may answer besides naming itself (a reference to a missing row). */
  missingRef?: number[];
  runs?: number;
}

const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
const QUIET_HOURS = { enabled: true, start: '22:00', end: '07:00', time_zone: 'UTC' };
const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const idOf = (answer: LightMyRequestResponse) => answer.json<{ id: number }>().id;

// Rows a route needs in a given state, one per run so every accepted write finds it unchanged.
const openRequest = async () => ({
  request: (
    await makeRequest(t.db, {
      createdById: ids.manager,
      projectId: ids.project,
      type: 'Plumbing',
      invited: [ids.vendor],
    })
  ).id,
});
const withPendingBid = async () => {
  const { request } = await openRequest();
  const bid = await makeBid(t.db, { requestId: request, vendorId: ids.vendor });
  return { request, bid: bid.id };
};
const inProgress = async (vendorDone: boolean) => {
  const { request, bid } = await withPendingBid();
  await t.db.update(bids).set({ status: 'accepted' }).where(eq(bids.id, bid));
  await t.db
    .update(mr)
    .set({
      status: 'in_progress',
      isOpenForBids: false,
      awardedBidId: bid,
      vendorCompletedAt: vendorDone ? new Date() : null,
    })
    .where(eq(mr.id, request));
  return { request };
};
const noteOf = async (row: Row) => ({
  note: (
    await first(
      t.db
        .select({ note: requestStatusHistory.note })
        .from(requestStatusHistory)
        .where(eq(requestStatusHistory.requestId, row.request!))
        .orderBy(desc(requestStatusHistory.id))
        .limit(1),
    )
  ).note,
});
const requestRow = (id: number) => first(t.db.select().from(mr).where(eq(mr.id, id)));
const managerDraft = () =>
  first(
    t.db.select().from(propertyManagerApplications).orderBy(desc(propertyManagerApplications.id)).limit(1),
  );
const vendorDraft = () =>
  first(t.db.select().from(vendorApplications).orderBy(desc(vendorApplications.id)).limit(1));
const storedBid = async (row: Row) => {
  const bid = await first(
    t.db
      .select()
      .from(bids)
      .where(and(eq(bids.requestId, row.request!), eq(bids.vendorId, ids.vendor))),
  );
  return {
    notes: bid.notes,
    proposed_start_date: bid.proposedStartDate,
    amount: bid.amount,
    estimated_time: bid.estimatedTime,
  };
};
const storedRequest = async (_: Row, answer: LightMyRequestResponse) => {
  const row = await requestRow(idOf(answer));
  return {
    description: row.description,
    areas_affected: row.areasAffected[0],
    bid_deadline: row.bidDeadline,
    type: row.type,
    priority: row.priority,
  };
};
const storedPlan = async (id: number) => {
  const plan = await first(t.db.select().from(plans).where(eq(plans.id, id)));
  return {
    name: plan.name,
    description: plan.description,
    frequency: plan.frequency,
    stripe_price_id: plan.stripePriceId,
    price: plan.price,
    sort_order: plan.sortOrder,
  };
};
const storedProject = async (id: number) => {
  const project = await first(t.db.select().from(projects).where(eq(projects.id, id)));
  return { name: project.name, address: project.address };
};
const storedLayout = async (id: number) => {
  const layout = await first(t.db.select().from(layouts).where(eq(layouts.id, id)));
  return { name: layout.name, feet_per_pixel: layout.feetPerPixel };
};
const storedHotspot = async (id: number) => {
  const hotspot = await first(t.db.select().from(panoramaHotspots).where(eq(panoramaHotspots.id, id)));
  return { caption: hotspot.caption, pitch: hotspot.pitch, yaw: hotspot.yaw };
};
const invalidCredentials = (answer: LightMyRequestResponse) =>
  answer.statusCode === 400 && answer.json().non_field_errors?.[0] === 'Invalid email or password.';
const unknownToken = (answer: LightMyRequestResponse) =>
  answer.statusCode === 400 && answer.json().errors === undefined && typeof answer.json().error === 'string';

const bidFields = {
  text: { notes: 'lines', proposed_start_date: 'moment', estimated_time_unit: 'choice' },
  numbers: { amount: 'value', estimated_time: 'value' },
} as const;
const bidBase = () => ({
  amount: 450,
  estimated_time: 2.5,
  estimated_time_unit: 'days',
  proposed_start_date: FUTURE,
  notes: 'Parts included',
});
const requestBase = () => ({
  type: 'Plumbing',
  description: 'Leaking sink',
  priority: 'high',
  property_id: ids.project,
  areas_affected: ['Kitchen'],
  vendors: [ids.vendor],
  bid_deadline: FUTURE,
});
const planBase = () => ({
  name: 'Pro',
  price: 49,
  frequency: 'monthly',
  description: 'Every trade',
  sort_order: 1,
  stripe_price_id: '',
  is_active: true,
});
const planFields = {
  text: { name: 'line', description: 'lines', frequency: 'choice', stripe_price_id: 'line' },
  numbers: { price: 'value', sort_order: 'optional' },
} as const;

/** Every write route that takes text or numbers: who calls it, a valid body, and its fields. */
const WRITE_ROUTES: Record<string, WriteRoute> = {
  'POST /api/demo-requests/': {
    method: 'POST',
    path: () => '/api/demo-requests/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ email: 'someone@example.com', company_name: 'Acme' }),
    text: { email: 'line', company_name: 'line' },
    numbers: {},
    stored: async () => {
      const row = await first(t.db.select().from(demoRequests).orderBy(desc(demoRequests.id)).limit(1));
      return { email: row.email, company_name: row.companyName };
    },
  },
  'POST /api/contact (multipart)': {
    method: 'POST',
    path: () => '/api/contact',
    who: 'visitor',
    encoding: 'multipart',
    base: () => ({ name: 'Ann', email: 'ann@example.com', phone: '303 555 0100', message: 'Hello' }),
    text: { name: 'line', email: 'line', phone: 'line', message: 'lines' },
    numbers: {},
    stored: async () =>
      first(
        t.db
          .select({
            name: contactMessages.name,
            email: contactMessages.email,
            phone: contactMessages.phone,
            message: contactMessages.message,
          })
          .from(contactMessages)
          .orderBy(desc(contactMessages.id))
          .limit(1),
      ),
  },
  'POST /api/visit-requests/': {
    method: 'POST',
    path: () => '/api/visit-requests/',
    who: 'visitor',
    encoding: 'json',
    // A new address each run: one address gets at most five confirmations a day.
    base: () => ({
      name: 'Ann',
      email: `visitor${++sequence}@example.com`,
      phone: '303 555 0100',
      company_name: 'Acme',
      property_address: '1 Main St',
      number_of_units: 12,
      preferred_date_1: '2030-06-03',
      preferred_time_1: 'morning',
      preferred_date_2: '2030-06-04',
      preferred_time_2: 'afternoon',
      notes: 'Gate code 42',
    }),
    text: {
      name: 'line',
      email: 'line',
      phone: 'line',
      company_name: 'line',
      property_address: 'line',
      notes: 'lines',
      preferred_date_1: 'date',
      preferred_time_1: 'choice',
      preferred_date_2: 'date',
      preferred_time_2: 'choice',
    },
    numbers: { number_of_units: 'value' },
    stored: async () => {
      const row = await first(t.db.select().from(visitRequests).orderBy(desc(visitRequests.id)).limit(1));
      return {
        name: row.name,
        email: row.email,
        phone: row.phone,
        company_name: row.companyName,
        property_address: row.propertyAddress,
        notes: row.notes,
        preferred_date_1: row.preferredDate1,
        preferred_time_1: row.preferredTime1,
        preferred_date_2: row.preferredDate2,
        preferred_time_2: row.preferredTime2,
        number_of_units: row.numberOfUnits,
      };
    },
  },
  'POST /api/property-manager-applications/save_building_info/': {
    method: 'POST',
    path: () => '/api/property-manager-applications/save_building_info/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({
      building_name: 'Tower',
      building_address: '1 Main St',
      office_phone: '(303) 555-0100',
      ein: '12-3456789',
      total_employees: 12,
    }),
    text: { building_name: 'line', building_address: 'line', office_phone: 'digits', ein: 'digits' },
    numbers: { total_employees: 'value' },
    stored: async () => {
      const row = await managerDraft();
      return {
        building_name: row.buildingName,
        building_address: row.buildingAddress,
        office_phone: row.officePhone,
        ein: row.ein,
        total_employees: row.totalEmployees,
      };
    },
  },
  'POST /api/property-manager-applications/save_admin_contact/': {
    method: 'POST',
    path: () => '/api/property-manager-applications/save_admin_contact/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone: '3035550100',
      job_title: 'Owner',
    }),
    text: { first_name: 'line', last_name: 'line', email: 'lower', phone: 'digits', job_title: 'line' },
    numbers: {},
    stored: async () => {
      const row = await managerDraft();
      return {
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        phone: row.phone,
        job_title: row.jobTitle,
      };
    },
  },
  'POST /api/property-manager-applications/save_company_info/': {
    method: 'POST',
    path: () => '/api/property-manager-applications/save_company_info/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ company_name: 'Acme', company_address: '2 Side St', company_logo: '' }),
    text: { company_name: 'line', company_address: 'line', company_logo: 'line' },
    numbers: {},
    stored: async () => {
      const row = await managerDraft();
      return {
        company_name: row.companyName,
        company_address: row.companyAddress,
        company_logo: row.companyLogo ?? '',
      };
    },
  },
  'POST /api/vendor-applications/save_company_info/': {
    method: 'POST',
    path: () => `${VENDOR_BASE}/save_company_info/`,
    who: 'visitor',
    encoding: 'json',
    base: () => companyInfo(),
    text: {
      vendor_name: 'line',
      ein: 'digits',
      registered_state: 'line',
      industry: 'line',
      address: 'line',
      first_name: 'line',
      last_name: 'line',
      job_title: 'line',
      phone: 'digits',
      email: 'lower',
    },
    numbers: { total_employees: 'value' },
    stored: async () => {
      const row = await vendorDraft();
      return {
        vendor_name: row.vendorName,
        ein: row.ein,
        registered_state: row.registeredState,
        industry: row.industry,
        address: row.address,
        first_name: row.firstName,
        last_name: row.lastName,
        job_title: row.jobTitle,
        phone: row.phone,
        email: row.email,
        total_employees: row.totalEmployees,
      };
    },
  },
  'POST /api/vendor-applications/save_insurance_info/ (multipart)': {
    method: 'POST',
    path: () => `${VENDOR_BASE}/save_insurance_info/`,
    who: 'visitor',
    encoding: 'multipart',
    base: () => ({ insurance_certificate: PDF, insurance_expires_on: '2030-06-30' }),
    text: { insurance_expires_on: 'date' },
    numbers: {},
    stored: async () => ({ insurance_expires_on: (await vendorDraft()).insuranceExpiresOn ?? '' }),
  },
  'POST /api/vendor-applications/submit/': {
    method: 'POST',
    path: () => `${VENDOR_BASE}/submit/`,
    who: 'visitor',
    encoding: 'json',
    prepare: async (client) => {
      expect((await client.post(`${VENDOR_BASE}/save_company_info/`, companyInfo())).statusCode).toBe(200);
      expect((await uploadCertificate(client, PDF)).statusCode).toBe(200);
      return {};
    },
    base: () => ({ plan_id: ids.plan }),
    text: {},
    numbers: { plan_id: 'ref' },
  },
  'POST /api/users/login/': {
    method: 'POST',
    path: () => '/api/users/login/',
    who: 'visitor',
    encoding: 'json',
    // A new account name each run: ten failures of one account would lock it (429).
    base: () => ({ email: `nobody${++sequence}@example.com`, password: 'not the password' }),
    text: { email: null, password: null },
    numbers: {},
    accepted: invalidCredentials,
    // Each attempt costs a full scrypt hash, as a real one does.
    runs: 8,
  },
  'POST /api/users/reset-password/': {
    method: 'POST',
    path: () => '/api/users/reset-password/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ email: 'nobody@example.com' }),
    text: { email: null },
    numbers: {},
  },
  'POST /users/resend-validation-email/': {
    method: 'POST',
    path: () => '/users/resend-validation-email/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ email: 'nobody@example.com' }),
    text: { email: null },
    numbers: {},
  },
  // Each accepted password costs a full scrypt hash: fewer runs.
  'POST /api/users/set-password/': {
    method: 'POST',
    path: () => '/api/users/set-password/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ token: 'no-such-token', password: 'long enough password' }),
    text: { token: null, password: null },
    numbers: {},
    accepted: unknownToken,
    runs: 6,
  },
  'POST /api/users/reset-password-confirm/': {
    method: 'POST',
    path: () => '/api/users/reset-password-confirm/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ token: 'no-such-token', password: 'long enough password' }),
    text: { token: null, password: null },
    numbers: {},
    accepted: unknownToken,
    runs: 6,
  },
  'POST /api/users/confirm-email/': {
    method: 'POST',
    path: () => '/api/users/confirm-email/',
    who: 'visitor',
    encoding: 'json',
    base: () => ({ key: 'no-such-key' }),
    text: { key: null },
    numbers: {},
    accepted: unknownToken,
  },
  'PUT /api/user-profile/': {
    method: 'PUT',
    path: () => '/api/user-profile/',
    who: 'profileUser',
    encoding: 'json',
    base: () => ({
      first_name: 'Ann',
      last_name: 'Lee',
      email: profileEmail,
      phone_number: '',
      job_title: '',
      email_notifications: true,
      sms_notifications: false,
    }),
    text: {
      first_name: 'line',
      last_name: 'line',
      email: 'lower',
      phone_number: 'digits',
      job_title: 'line',
    },
    numbers: {},
    stored: async () => {
      const user = await first(t.db.select().from(users).where(eq(users.id, ids.profileUser)));
      return {
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone_number: user.phoneNumber,
        job_title: user.jobTitle,
      };
    },
  },
  // Quiet hours: each text field of the nested object in its own row, refused under quiet_hours.
  ...Object.fromEntries(
    (
      [
        ['time_zone', 'line'],
        ['start', 'choice'],
        ['end', 'choice'],
      ] as const
    ).map(([part, oracle]) => [
      `PUT /api/notification-settings/ (quiet_hours.${part})`,
      {
        method: 'PUT',
        path: () => '/api/notification-settings/',
        who: 'vendor',
        encoding: 'json',
        base: () => ({
          email_notifications: true,
          sms_notifications: true,
          categories: {},
          quiet_hours: QUIET_HOURS,
        }),
        text: { quiet_hours: oracle },
        numbers: {},
        wrap: { quiet_hours: (value: unknown) => ({ ...QUIET_HOURS, [part]: value }) },
        stored: async () => {
          const row = await first(
            t.db.select().from(notificationQuietHours).where(eq(notificationQuietHours.userId, ids.vendor)),
          );
          return { quiet_hours: { time_zone: row.timeZone, start: row.startTime, end: row.endTime }[part] };
        },
      } satisfies WriteRoute,
    ]),
  ),
  'POST /api/push/subscriptions/': {
    method: 'POST',
    path: () => '/api/push/subscriptions/',
    who: 'vendor',
    encoding: 'json',
    base: () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${++sequence}`, keys: PUSH_KEYS }),
    text: { endpoint: 'line', keys: 'line' },
    numbers: {},
    wrap: { keys: (value) => ({ ...PUSH_KEYS, p256dh: value }) },
    stored: async (_, answer) => {
      const row = await first(
        t.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.id, idOf(answer))),
      );
      return { endpoint: row.endpoint, keys: row.p256dh };
    },
  },
  'POST /api/messages/': {
    method: 'POST',
    path: () => '/api/messages/',
    who: 'vendor',
    encoding: 'json',
    base: () => ({ request: ids.threadRequest, content: 'On my way' }),
    text: { content: 'lines' },
    numbers: { request: 'ref', vendor: 'ref' },
    missingRef: [404],
    stored: async (_, answer) =>
      first(
        t.db
          .select({ content: messages.content })
          .from(messages)
          .where(eq(messages.id, idOf(answer))),
      ),
  },
  'POST /api/requests/': {
    method: 'POST',
    path: () => '/api/requests/',
    who: 'manager',
    encoding: 'json',
    base: requestBase,
    text: {
      description: 'lines',
      areas_affected: 'line',
      bid_deadline: 'moment',
      type: 'choice',
      priority: 'choice',
    },
    numbers: { property_id: 'ref', unit_id: 'ref', vendors: 'ref' },
    wrap: { areas_affected: (value) => [value], vendors: (value) => [value] },
    stored: storedRequest,
  },
  'POST /api/requests/ (multipart)': {
    method: 'POST',
    path: () => '/api/requests/',
    who: 'manager',
    encoding: 'multipart',
    base: () => ({ ...requestBase(), areas_affected: JSON.stringify(['Kitchen']) }),
    text: {
      description: 'lines',
      areas_affected: 'line',
      bid_deadline: 'moment',
      type: 'choice',
      priority: 'choice',
    },
    numbers: { property_id: 'ref', unit_id: 'ref', vendors: 'ref' },
    wrap: { areas_affected: (value) => JSON.stringify([value]) },
    stored: storedRequest,
  },
  'POST /api/requests/{id}/bid/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/bid/`,
    who: 'vendor',
    encoding: 'json',
    prepare: openRequest,
    base: bidBase,
    ...bidFields,
    stored: storedBid,
  },
  'PUT /api/requests/{id}/bid/': {
    method: 'PUT',
    path: (row) => `/api/requests/${row.request}/bid/`,
    who: 'vendor',
    encoding: 'json',
    prepare: withPendingBid,
    base: bidBase,
    ...bidFields,
    stored: storedBid,
  },
  'POST /api/requests/{id}/cancel/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/cancel/`,
    who: 'manager',
    encoding: 'json',
    prepare: openRequest,
    base: () => ({ reason: 'Duplicate' }),
    text: { reason: 'lines' },
    numbers: {},
    stored: async (row) => ({ reason: (await noteOf(row)).note }),
  },
  'POST /api/requests/{id}/reopen/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/reopen/`,
    who: 'manager',
    encoding: 'json',
    prepare: async () => {
      const { request } = await openRequest();
      await t.db.update(mr).set({ status: 'cancelled', isOpenForBids: false }).where(eq(mr.id, request));
      return { request };
    },
    base: () => ({ note: 'Still needed' }),
    text: { note: 'lines' },
    numbers: {},
    stored: noteOf,
  },
  'POST /api/requests/{id}/confirm/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/confirm/`,
    who: 'manager',
    encoding: 'json',
    prepare: () => inProgress(true),
    base: () => ({ note: 'Looks good' }),
    text: { note: 'lines' },
    numbers: {},
    stored: noteOf,
  },
  'POST /api/requests/{id}/send-back/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/send-back/`,
    who: 'manager',
    encoding: 'json',
    prepare: () => inProgress(true),
    base: () => ({ note: 'The tap still drips' }),
    text: { note: 'lines' },
    numbers: {},
    stored: noteOf,
  },
  'POST /api/requests/{id}/complete/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/complete/`,
    who: 'vendor',
    encoding: 'json',
    prepare: () => inProgress(false),
    base: () => ({ note: 'Replaced the washer' }),
    text: { note: 'lines' },
    numbers: {},
    stored: async (row) => ({ note: (await requestRow(row.request!)).completionNote }),
  },
  'POST /api/requests/{id}/complete/ (multipart)': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/complete/`,
    who: 'vendor',
    encoding: 'multipart',
    prepare: () => inProgress(false),
    base: () => ({ note: 'Replaced the washer', photos: PNG }),
    text: { note: 'lines' },
    numbers: {},
    stored: async (row) => ({ note: (await requestRow(row.request!)).completionNote }),
  },
  'POST /api/requests/{id}/bidding/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/bidding/`,
    who: 'manager',
    encoding: 'json',
    prepare: openRequest,
    base: () => ({ is_open_for_bids: true, bid_deadline: FUTURE }),
    text: { bid_deadline: 'moment' },
    numbers: {},
    stored: async (row) => ({ bid_deadline: (await requestRow(row.request!)).bidDeadline }),
  },
  'POST /api/requests/{id}/award/': {
    method: 'POST',
    path: (row) => `/api/requests/${row.request}/award/`,
    who: 'manager',
    encoding: 'json',
    prepare: withPendingBid,
    base: (row) => ({ bid_id: row.bid }),
    text: {},
    numbers: { bid_id: 'ref' },
  },
  'POST /api/requests/{id}/invitations/': {
    method: 'POST',
    path: () => `/api/requests/${ids.inviteRequest}/invitations/`,
    who: 'manager',
    encoding: 'json',
    base: () => ({ vendors: [ids.otherVendor] }),
    text: {},
    numbers: { vendors: 'ref' },
    wrap: { vendors: (value) => [value] },
  },
  'POST /api/vendor/insurance/ (multipart)': {
    method: 'POST',
    path: () => '/api/vendor/insurance/',
    who: 'insuredVendor',
    encoding: 'multipart',
    base: () => ({ insurance_certificate: PDF, insurance_expires_on: '2030-06-30' }),
    text: { insurance_expires_on: 'date' },
    numbers: {},
    stored: async () => {
      const [profile] = await t.db
        .select({ expiresOn: vendorProfiles.insuranceExpiresOn })
        .from(vendorProfiles)
        .innerJoin(users, eq(users.id, vendorProfiles.userId))
        .where(eq(users.firstName, 'Insured'));
      return { insurance_expires_on: profile!.expiresOn };
    },
  },
  'POST /api/projects/{id}/layouts/ (multipart)': {
    method: 'POST',
    path: () => `/api/projects/${ids.project}/layouts/`,
    who: 'manager',
    encoding: 'multipart',
    base: () => ({ name: 'Ground floor', feet_per_pixel: '0.25', image: PNG }),
    text: { name: 'line' },
    numbers: { feet_per_pixel: 'optional' },
    stored: (_, answer) => storedLayout(idOf(answer)),
  },
  'PATCH /api/layouts/{id}/': {
    method: 'PATCH',
    path: () => `/api/layouts/${ids.layout}/`,
    who: 'manager',
    encoding: 'json',
    base: () => ({ name: 'First floor', feet_per_pixel: 0.5 }),
    text: { name: 'line' },
    numbers: { feet_per_pixel: 'optional' },
    stored: () => storedLayout(ids.layout),
  },
  'POST /api/projects/{id}/photos/ (multipart)': {
    method: 'POST',
    path: () => `/api/projects/${ids.project}/photos/`,
    who: 'manager',
    encoding: 'multipart',
    base: () => ({
      kind: 'in_wall',
      layout_id: ids.layout,
      x: '0.5',
      y: '0.25',
      caption: 'Pipe',
      taken_at: '2024-05-01',
      image: PNG,
    }),
    text: { caption: 'line', taken_at: 'date', kind: 'choice' },
    numbers: { x: 'value', y: 'value', layout_id: 'ref', unit_id: 'ref' },
    stored: async (_, answer) => {
      const photo = await first(
        t.db
          .select()
          .from(photos)
          .where(eq(photos.id, idOf(answer))),
      );
      return {
        caption: photo.caption,
        taken_at: photo.takenAt?.toISOString().slice(0, 10) ?? '',
        kind: photo.kind,
        x: photo.x,
        y: photo.y,
      };
    },
  },
  'POST /api/photos/{id}/hotspots/ (multipart)': {
    method: 'POST',
    path: () => `/api/photos/${ids.panorama}/hotspots/`,
    who: 'manager',
    encoding: 'multipart',
    base: () => ({ pitch: '10', yaw: '-20', caption: 'Valve', image: PNG }),
    text: { caption: 'line' },
    numbers: { pitch: 'value', yaw: 'value' },
    stored: (_, answer) => storedHotspot(idOf(answer)),
  },
  'PATCH /api/hotspots/{id}/': {
    method: 'PATCH',
    path: () => `/api/hotspots/${ids.hotspot}/`,
    who: 'manager',
    encoding: 'json',
    base: () => ({ caption: 'Valve', pitch: 10, yaw: -20 }),
    text: { caption: 'line' },
    numbers: { pitch: 'value', yaw: 'value' },
    stored: () => storedHotspot(ids.hotspot),
  },
  'POST /api/layouts/{id}/polygons/': {
    method: 'POST',
    path: () => `/api/layouts/${ids.layout}/polygons/`,
    who: 'manager',
    encoding: 'json',
    base: () => ({
      name: 'Hall',
      points: [
        { x: 1, y: 1 },
        { x: 10, y: 1 },
        { x: 10, y: 10 },
      ],
    }),
    text: { name: 'line' },
    numbers: { points: 'value' },
    wrap: {
      points: (x) => [
        { x, y: 1 },
        { x: 10, y: 1 },
        { x: 10, y: 10 },
      ],
    },
    stored: async (_, answer) => {
      const polygon = await first(
        t.db
          .select()
          .from(layoutPolygons)
          .where(eq(layoutPolygons.id, idOf(answer))),
      );
      return { name: polygon.name, points: polygon.points[0]!.x };
    },
  },
  'POST /api/admin/plans/': {
    method: 'POST',
    path: () => '/api/admin/plans/',
    who: 'staff',
    encoding: 'json',
    base: planBase,
    ...planFields,
    stored: (_, answer) => storedPlan(idOf(answer)),
  },
  'PUT /api/admin/plans/{id}/': {
    method: 'PUT',
    path: () => `/api/admin/plans/${ids.plan}/`,
    who: 'staff',
    encoding: 'json',
    base: planBase,
    ...planFields,
    stored: () => storedPlan(ids.plan),
  },
  'POST /api/admin/applications/managers/{id}/reject/': {
    method: 'POST',
    path: (row) => `/api/admin/applications/managers/${row.application}/reject/`,
    who: 'staff',
    encoding: 'json',
    prepare: async () => {
      const [application] = await t.db
        .insert(propertyManagerApplications)
        .values({
          status: 'submitted',
          companyName: 'Acme',
          email: 'acme@example.com',
          submittedAt: new Date(),
        })
        .returning();
      return { application: application!.id };
    },
    base: () => ({ reason: 'Incomplete' }),
    text: { reason: 'lines' },
    numbers: {},
    stored: async (row) => ({
      reason: (
        await first(
          t.db
            .select({ note: propertyManagerApplications.reviewNote })
            .from(propertyManagerApplications)
            .where(eq(propertyManagerApplications.id, row.application!)),
        )
      ).note,
    }),
  },
  'POST /api/admin/demo-requests/{id}/handle/': {
    method: 'POST',
    path: (row) => `/api/admin/demo-requests/${row.demo}/handle/`,
    who: 'staff',
    encoding: 'json',
    prepare: async () => {
      const [demo] = await t.db
        .insert(demoRequests)
        .values({ email: 'd@example.com', companyName: 'Demo Co' })
        .returning();
      return { demo: demo!.id };
    },
    base: () => ({ status: 'approved' }),
    text: { status: 'choice' },
    numbers: {},
    stored: async (row) =>
      first(
        t.db.select({ status: demoRequests.status }).from(demoRequests).where(eq(demoRequests.id, row.demo!)),
      ),
  },
  'POST /api/admin/clients/{id}/projects/': {
    method: 'POST',
    path: () => `/api/admin/clients/${ids.client}/projects/`,
    who: 'staff',
    encoding: 'json',
    base: () => ({ name: 'Tower', address: '1 Main St', is_active: true }),
    text: { name: 'line', address: 'line' },
    numbers: {},
    stored: (_, answer) => storedProject(idOf(answer)),
  },
  'PUT /api/admin/projects/{id}/': {
    method: 'PUT',
    path: () => `/api/admin/projects/${ids.adminProject}/`,
    who: 'staff',
    encoding: 'json',
    base: () => ({ name: 'Tower', address: '1 Main St', is_active: true }),
    text: { name: 'line', address: 'line' },
    numbers: {},
    stored: () => storedProject(ids.adminProject),
  },
  'POST /api/admin/projects/{id}/units/': {
    method: 'POST',
    path: () => `/api/admin/projects/${ids.adminProject}/units/`,
    who: 'staff',
    encoding: 'json',
    base: () => ({ numbers: '101, 102' }),
    text: { numbers: 'units' },
    numbers: {},
    stored: async () => ({
      numbers: (
        await t.db.select({ number: units.number }).from(units).where(eq(units.projectId, ids.adminProject))
      ).map((unit) => unit.number),
    }),
  },
};

/** The text a multipart field carries: its UTF-8 bytes, so a lone surrogate arrives as U+FFFD. */
const asUtf8 = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * What the server must keep of an accepted text: the field's documented transformation of it, or
 * undefined for a blank choice (a form's untouched input: the field's default, not checked).
 */
function expectedText(oracle: Exclude<TextOracle, null | 'units'>, sent: string): unknown {
  switch (oracle) {
    case 'line':
      return sent.trim();
    case 'choice':
      return sent === '' ? undefined : sent;
    case 'lines':
      return sent.replace(/\r\n?/g, '\n').trim();
    case 'lower':
      return sent.trim().toLowerCase();
    case 'digits':
      return sent.replace(/\D/g, '');
    case 'date':
      return sent;
    case 'moment':
      // A blank optional moment (a deadline) is none.
      return sent === '' ? null : Date.parse(sent);
  }
}

function expectStored(oracle: Exclude<TextOracle, null>, sent: string, stored: unknown, context: string) {
  if (oracle === 'units') {
    const parsed = parseUnitNumbers(sent.replace(/\r\n?/g, '\n'));
    expect('numbers' in parsed, context).toBe(true);
    if ('numbers' in parsed) expect(stored, context).toEqual(expect.arrayContaining(parsed.numbers));
    return;
  }
  const expected = expectedText(oracle, sent);
  if (expected === undefined) return;
  // Empty optional text may be kept as null (a logo, a Stripe price id, an expiry date).
  const kept = stored instanceof Date ? stored.getTime() : oracle === 'moment' ? stored : (stored ?? '');
  expect(kept, context).toBe(expected);
}

/** The number the server received: JSON carries NaN and Infinity as null, multipart everything as text. */
function numberAsSent(encoding: WriteRoute['encoding'], value: unknown): number | null {
  const received = encoding === 'json' ? JSON.parse(JSON.stringify(value ?? null)) : String(value ?? '');
  return received === null || received === '' ? null : Number(received);
}

async function clientFor(who: Who): Promise<TestClient> {
  return who === 'visitor' ? visitor(t.app) : as[who];
}

function send(route: WriteRoute, client: TestClient, row: Row, body: Body) {
  const url = route.path(row);
  if (route.encoding === 'json') return client.request(route.method, url, { json: body });
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Buffer.isBuffer(value)) parts.push({ name, value, filename: 'file.png', type: 'image/png' });
    else for (const item of Array.isArray(value) ? value : [value]) parts.push({ name, value: String(item) });
  }
  return postMultipart(client, url, multipart(parts));
}

/** One run: the route's base body with `field` replaced; answers the answer and the run's row. */
async function attempt(route: WriteRoute, field: string, value: unknown) {
  const client = await clientFor(route.who);
  const row = route.prepare ? await route.prepare(client) : {};
  const wrapped = route.wrap?.[field] ? route.wrap[field](value) : value;
  const answer = await send(route, client, row, { ...route.base(row), [field]: wrapped });
  const context = `${route.method} ${route.path(row)} ${field}=${JSON.stringify(value)?.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect(answer.statusCode, context).toBeLessThan(500);
  const accepted = route.accepted ? route.accepted(answer) : answer.statusCode < 300;
  return { answer, row, accepted, context };
}

function expectNamed(answer: LightMyRequestResponse, field: string, context: string) {
  const messages = answer.json<{ errors?: Record<string, unknown> }>().errors?.[field];
  expect(
    Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'),
    context,
  ).toBe(true);
}

beforeAll(async () => {
  t = await startTestAppWithFiles('text-input');
  const client = await makeClient(t.db);
  ids.client = client.id;
  ids.project = (await makeProject(t.db, { clientId: client.id })).id;
  ids.adminProject = (await makeProject(t.db, { clientId: client.id })).id;
  const manager = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const vendor = await makeVendor(t.db, { serviceCategories: ['Plumbing'] });
  const otherVendor = await makeVendor(t.db, { serviceCategories: ['Electrical'] });
  const insured = await makeVendor(t.db, {}, { firstName: 'Insured' });
  const profileUser = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  const staff = await makeUser(t.db, { type: null, isStaff: true });
  const superuser = await makeUser(t.db, { type: null, isStaff: true, isSuperuser: true });
  Object.assign(ids, {
    manager: manager.id,
    vendor: vendor.id,
    otherVendor: otherVendor.id,
    profileUser: profileUser.id,
  });
  profileEmail = profileUser.email;
  for (const [who, user] of Object.entries({
    manager,
    vendor,
    insuredVendor: insured,
    profileUser,
    staff,
    superuser,
  })) {
    as[who as keyof typeof as] = await signIn(t.app, user.email);
  }
  ids.threadRequest = (await openRequest()).request;
  ids.inviteRequest = (await openRequest()).request;

  const layout = await postMultipart(
    as.manager,
    `/api/projects/${ids.project}/layouts/`,
    multipart([
      { name: 'name', value: 'Plan' },
      { name: 'image', value: PNG, filename: 'plan.png', type: 'image/png' },
    ]),
  );
  expect(layout.statusCode).toBe(201);
  ids.layout = idOf(layout);
  const [panorama] = await t.db
    .insert(photos)
    .values({
      projectId: ids.project,
      kind: 'drone',
      is360: true,
      storageKey: 'documentation/text-input/panorama.png',
      contentType: 'image/png',
      sizeBytes: PNG.length,
    })
    .returning();
  ids.panorama = panorama!.id;
  const [hotspot] = await t.db
    .insert(panoramaHotspots)
    .values({
      photoId: panorama!.id,
      pitch: 0,
      yaw: 0,
      storageKey: 'documentation/text-input/close-up.png',
      contentType: 'image/png',
    })
    .returning();
  ids.hotspot = hotspot!.id;
  const plan = await as.staff.post('/api/admin/plans/', planBase());
  expect(plan.statusCode).toBe(201);
  ids.plan = idOf(plan);
});

afterAll(async () => {
  await t?.close();
});

describe.each(Object.entries(WRITE_ROUTES))('%s', (_, route) => {
  const textFields = Object.entries(route.text);
  const numberFields = Object.entries(route.numbers);

  it.each(textFields)(
    'text field %s: never 5xx, refusals name it, accepted text reads back',
    async (field, oracle) => {
      await fc.assert(
        fc.asyncProperty(anyText, async (text) => {
          const { answer, row, accepted, context } = await attempt(route, field, text);
          if (!accepted) {
            expectNamed(answer, field, context);
            return;
          }
          if (oracle === null || !route.stored) return;
          const sent = route.encoding === 'multipart' ? asUtf8(text) : text;
          const stored = (await route.stored(row, answer))[field];
          expectStored(oracle, sent, stored, context);
        }),
        { numRuns: route.runs ?? TEXT_RUNS },
      );
    },
  );

  if (numberFields.length === 0) return;
  it.each(numberFields)(
    'numeric field %s: never 5xx, refusals name it, accepted numbers read back',
    async (field, oracle) => {
      await fc.assert(
        fc.asyncProperty(anyNumber, async (value) => {
          const { answer, row, accepted, context } = await attempt(route, field, value);
          if (!accepted) {
            if (oracle !== 'ref' || !route.missingRef?.includes(answer.statusCode)) {
              expectNamed(answer, field, context);
            }
            return;
          }
          if (oracle === 'ref') return;
          const expected = numberAsSent(route.encoding, value);
          if (expected === null) {
            // A required number must not be taken from a blank or null (as a coerced 0 would be).
            expect(oracle, context).toBe('optional');
            return;
          }
          if (!route.stored) return;
          const stored = (await route.stored(row, answer))[field];
          // `+ 0` turns -0 into 0: the database keeps no negative zero.
          expect(Number(stored), context).toBe(expected + 0);
        }),
        { numRuns: route.runs ?? NUMBER_RUNS },
      );
    },
  );
});

/** Query strings that reach the database (LIKE searches, date filters): the same rule and answers. */
const QUERY_TEXT: Array<[path: string, who: Exclude<Who, 'visitor'>, param: string]> = [
  ['/api/vendor/jobs/', 'vendor', 'search'],
  ['/api/property-manager/maintenance-requests/', 'manager', 'search'],
  ['/api/admin/users/', 'staff', 'search'],
  ['/api/admin/demo-requests/', 'staff', 'search'],
  ['/api/admin/contact-messages/', 'staff', 'search'],
  ['/api/admin/visit-requests/', 'staff', 'search'],
  ['/api/admin/audit-log/', 'superuser', 'actor'],
  ['/api/admin/audit-log/', 'superuser', 'from'],
  ['/api/admin/audit-log/', 'superuser', 'to'],
];

/** Every byte percent-encoded, so the server decodes exactly these bytes. */
const percentEncoded = (bytes: Buffer) =>
  [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** Bytes no UTF-8 encoder writes: a surrogate's own encoding, an overlong NUL, a stray byte. */
const BROKEN_UTF8 = ['%ED%A0%80', '%C0%80', '%FF', '%E2%82', 'a%00b'];

describe.each(QUERY_TEXT)('GET %s (%s)', (path, who, param) => {
  it(`?${param}=: never 5xx, a refusal names it`, async () => {
    const encoded = fc.oneof(
      anyText.map((text) => percentEncoded(Buffer.from(text, 'utf8'))),
      fc.constantFrom(...BROKEN_UTF8),
    );
    await fc.assert(
      fc.asyncProperty(encoded, async (value) => {
        const answer = await as[who].get(`${path}?${param}=${value}`);
        const context = `${path}?${param}=${value.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
        expect(answer.statusCode, context).toBeLessThan(500);
        if (answer.statusCode !== 200) {
          expect(answer.statusCode, context).toBe(400);
          expectNamed(answer, param, context);
        }
      }),
      { numRuns: TEXT_RUNS },
    );
  });
});

describe('a User-Agent header kept with the session', () => {
  it('is stored without control characters or broken characters, at most 512 long', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (userAgent) => {
        const client = await visitor(t.app);
        const user = await makeUser(t.db, { type: 'vendor' });
        const login = await client.post(
          '/api/users/login/',
          { email: user.email, password: TEST_PASSWORD },
          { headers: { 'user-agent': userAgent } },
        );
        expect(login.statusCode, login.body).toBe(200);
        const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
        expect(session!.userAgent).toBe(cleanHeaderText(userAgent, 512));
      }),
      { numRuns: TEXT_RUNS },
    );
  });
});
