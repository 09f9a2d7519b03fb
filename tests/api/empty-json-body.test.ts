import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '#server/auth/api-key-store.ts';
import { loadConfig } from '#server/config/config.ts';
import type { Database, Db } from '#server/db/database.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { jobVisits } from '#server/db/schema/job-visits.ts';
import { layoutShares } from '#server/db/schema/layout-shares.ts';
import { notificationPreferences } from '#server/db/schema/notification-deliveries.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { ownerApprovals, projectOwnerContacts } from '#server/db/schema/owner-approvals.ts';
import { phoneVerificationCodes } from '#server/db/schema/phone-verification-codes.ts';
import { plans } from '#server/db/schema/plans.ts';
import { units } from '#server/db/schema/projects.ts';
import { pushSubscriptions } from '#server/db/schema/push-subscriptions.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { apiKeys, users } from '#server/db/schema/users.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { unsubscribeToken } from '#server/notifications/unsubscribe-token.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { buildTestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';
import { openTestDatabase } from '../support/test-database.ts';

// Every application write sends JSON Accept and Content-Type (public spec, section 7), also the
// calls with no body. An empty body declared as JSON must mean "no body" on every route whose
// payload is empty or optional (src/server/http/empty-json-body.ts), and routes that need a body
// still answer their field errors. Each bodyless route is called both ways on a fresh target.

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let app: FastifyInstance;
let db: Db;
let database: Database;
let dataDir: string;
/** Every write route the server registers, as "METHOD /path/:param/" (read from the route table). */
const writeRoutes = new Set<string>();

let staff: TestClient;
let sequence = 0;

const JOB_PROBE = 'empty-body-probe';
/** A job of a kind no worker takes, failed: what the queue's retry and discard act on. */
async function failedJob(message: string): Promise<string> {
  const boss = await app.jobs.library();
  await boss.createQueue(JOB_PROBE, { retryLimit: 0 });
  await boss.send(JOB_PROBE, { message });
  const [job] = await boss.fetch(JOB_PROBE);
  await boss.fail(JOB_PROBE, job!.id, new Error(message));
  return job!.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-empty-json-'));
  database = await openTestDatabase();
  db = database.db;
  app = await buildTestApp({
    config: { ...loadConfig({}), staticDir: undefined, dataDir },
    database,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) writeRoutes.add(`${method} ${route.url}`);
      }
    },
  });
  await app.ready();
  staff = await signIn(app, (await makeUser(db, { type: null, isStaff: true })).email);
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const JSON_HEADERS = {
  accept: 'application/json',
  'content-type': 'application/json',
  'content-length': '0',
};

/** The call as the spec's browser sends it (JSON Content-Type, empty body) or with no Content-Type. */
function send(client: TestClient, method: Method, url: string, declared: boolean) {
  return client.request(method, url, {
    headers: declared ? JSON_HEADERS : { accept: 'application/json' },
  });
}

const signedIn = async (overrides: Parameters<typeof makeUser>[1]) => {
  const user = await makeUser(db, overrides);
  return { user, client: await signIn(app, user.email) };
};

const visitorClient = async () => {
  const client = new TestClient(app, `10.44.0.${++sequence}`);
  await client.csrfToken();
  return client;
};

/** What one call needs: a fresh target so both variants change something, and what must follow. */
interface Prepared {
  client: TestClient;
  url: string;
  status: number;
  /** Checks the answer and the database after the call. */
  check: (response: LightMyRequestResponse) => Promise<void>;
}

interface BodylessRoute {
  /** The route as registered: "METHOD /path/:param/". */
  route: string;
  prepare: () => Promise<Prepared>;
}

async function managerWithRequest(
  values: Partial<typeof maintenanceRequests.$inferInsert> = {},
  awarded = false,
) {
  const world = await makeRequestWorld(db);
  const client = await signIn(app, world.manager.email);
  const request = await makeRequest(db, {
    createdById: world.manager.id,
    projectId: world.project.id,
    ...values,
  });
  if (awarded) {
    const vendor = await makeUser(db, { type: 'vendor' });
    const bid = await makeBid(db, { requestId: request.id, vendorId: vendor.id, status: 'accepted' });
    await db
      .update(maintenanceRequests)
      .set({ awardedBidId: bid.id })
      .where(eq(maintenanceRequests.id, request.id));
  }
  return { client, request, world };
}

/** A manager's open request whose award above the limit waits for the property's owner. */
async function waitingOwnerApproval() {
  const { client, request, world } = await managerWithRequest();
  const vendor = await makeUser(db, { type: 'vendor' });
  const bid = await makeBid(db, { requestId: request.id, vendorId: vendor.id, amount: 900 });
  await db
    .insert(projectOwnerContacts)
    .values({ projectId: world.project.id, name: 'Owen Owner', email: `owen${++sequence}@example.test` });
  const [approval] = await db
    .insert(ownerApprovals)
    .values({
      requestId: request.id,
      bidId: bid.id,
      amount: 900,
      nteLimit: 500,
      status: 'waiting',
      document: {},
      documentHash: '0'.repeat(64),
      bidVersion: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return { client, request, approval: approval! };
}

const requestStatus = async (id: number) =>
  (await db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, id)))[0]!.status;

async function submittedManagerApplication() {
  const client = await visitorClient();
  const email = `applicant${++sequence}@birch.example`;
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
    ['save_company_info', { company_name: 'Birch Holdings', company_address: '4 Birch St' }],
  ];
  for (const [step, body] of steps) {
    expect((await client.post(`/api/property-manager-applications/${step}/`, body)).statusCode).toBe(200);
  }
  return { client, email };
}

async function paidVendorApplication() {
  const [plan] = await db.select().from(plans).where(eq(plans.name, 'Monthly'));
  sequence += 1;
  const [row] = await db
    .insert(vendorApplications)
    .values({
      status: 'paid',
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
      email: `vendor-applicant${sequence}@pine.example`,
      planId: plan!.id,
      submittedAt: new Date(),
      paidAt: new Date(),
      confirmationNumber: `FB-EMPTY-${sequence}`,
    })
    .returning();
  return row!;
}

async function documentationProject() {
  const world = await makeRequestWorld(db);
  const [layout] = await db
    .insert(layouts)
    .values({
      projectId: world.project.id,
      name: 'Ground floor',
      storageKey: `docs/empty-json/${++sequence}.png`,
      contentType: 'image/png',
      widthPx: 100,
      heightPx: 100,
    })
    .returning();
  const [photo] = await db
    .insert(photos)
    .values({
      projectId: world.project.id,
      storageKey: `docs/empty-json/${++sequence}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 10,
      is360: true,
    })
    .returning();
  return { project: world.project, layout: layout!, photo: photo! };
}

const gone = async (rows: unknown[]) => expect(rows).toEqual([]);
const noContent = async (response: LightMyRequestResponse) => expect(response.body).toBe('');

const BODYLESS: BodylessRoute[] = [
  {
    route: 'POST /api/requests/:id/owner-approval/withdraw/',
    prepare: async () => {
      const { client, request, approval } = await waitingOwnerApproval();
      return {
        client,
        url: `/api/requests/${request.id}/owner-approval/withdraw/`,
        status: 200,
        check: async (response) => {
          expect(response.json().approval).toMatchObject({ id: approval.id, status: 'withdrawn' });
        },
      };
    },
  },
  {
    route: 'POST /api/requests/:id/owner-approval/resend/',
    prepare: async () => {
      const { client, request, approval } = await waitingOwnerApproval();
      return {
        client,
        url: `/api/requests/${request.id}/owner-approval/resend/`,
        status: 200,
        check: async (response) => {
          expect(response.json().approval).toMatchObject({ id: approval.id, status: 'waiting' });
          expect(response.json().approval.owners).toHaveLength(1);
        },
      };
    },
  },
  {
    route: 'POST /api/users/logout/',
    prepare: async () => {
      const { client } = await signedIn({});
      return {
        client,
        url: '/api/users/logout/',
        status: 200,
        check: async (response) => {
          expect(response.json()).toEqual({ message: 'Logged out successfully.' });
          expect((await client.get('/api/users/auth-status/')).json()).toEqual({
            isAuthenticated: false,
            user: null,
          });
        },
      };
    },
  },
  {
    route: 'POST /api/property-manager-applications/submit/',
    prepare: async () => {
      const { client, email } = await submittedManagerApplication();
      return {
        client,
        url: '/api/property-manager-applications/submit/',
        status: 200,
        check: async (response) => {
          expect(response.json().redirect_url).toMatch(/^\/property-manager-application\/\d+\/success$/);
          const [row] = await db
            .select()
            .from(propertyManagerApplications)
            .where(eq(propertyManagerApplications.email, email));
          expect(row!.status).toBe('submitted');
        },
      };
    },
  },
  {
    route: 'POST /api/notifications/:id/mark-read/',
    prepare: async () => {
      const { user, client } = await signedIn({});
      const [row] = await db.insert(notifications).values({ userId: user.id, title: 'Hello' }).returning();
      return {
        client,
        url: `/api/notifications/${row!.id}/mark-read/`,
        status: 200,
        check: async (response) => {
          expect(response.json()).toMatchObject({ id: row!.id, is_read: true });
          expect(
            (await db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!.isRead,
          ).toBe(true);
        },
      };
    },
  },
  {
    route: 'POST /api/notifications/mark-all-read/',
    prepare: async () => {
      const { user, client } = await signedIn({});
      await db.insert(notifications).values([
        { userId: user.id, title: 'One' },
        { userId: user.id, title: 'Two' },
      ]);
      return {
        client,
        url: '/api/notifications/mark-all-read/',
        status: 200,
        check: async (response) => expect(response.json()).toEqual({ marked: 2 }),
      };
    },
  },
  {
    route: 'POST /api/bids/:id/withdraw/',
    prepare: async () => {
      const { request } = await managerWithRequest();
      const { user, client } = await signedIn({ type: 'vendor' });
      const bid = await makeBid(db, { requestId: request.id, vendorId: user.id });
      return {
        client,
        url: `/api/bids/${bid.id}/withdraw/`,
        status: 200,
        check: async (response) => expect(response.json()).toMatchObject({ id: bid.id, status: 'withdrawn' }),
      };
    },
  },
  {
    route: 'POST /api/requests/:id/cancel/',
    prepare: async () => {
      const { client, request } = await managerWithRequest();
      return {
        client,
        url: `/api/requests/${request.id}/cancel/`,
        status: 200,
        check: async () => expect(await requestStatus(request.id)).toBe('cancelled'),
      };
    },
  },
  {
    route: 'POST /api/visits/:id/cancel/',
    prepare: async () => {
      const { client, request } = await managerWithRequest({ status: 'in_progress' }, true);
      const [visit] = await db
        .insert(jobVisits)
        .values({
          requestId: request.id,
          number: 1,
          purpose: 'repair',
          status: 'proposed',
          proposedBy: 'vendor',
          windows: [{ date: '2099-03-02', start: '09:00', end: '11:00' }],
        })
        .returning();
      return {
        client,
        url: `/api/visits/${visit!.id}/cancel/`,
        status: 200,
        check: async (response) => expect(response.json()).toMatchObject({ status: 'cancelled' }),
      };
    },
  },
  {
    route: 'POST /api/requests/:id/reopen/',
    prepare: async () => {
      const { client, request } = await managerWithRequest({ status: 'cancelled', isOpenForBids: false });
      return {
        client,
        url: `/api/requests/${request.id}/reopen/`,
        status: 200,
        check: async () => expect(await requestStatus(request.id)).toBe('open'),
      };
    },
  },
  {
    route: 'POST /api/requests/:id/confirm/',
    prepare: async () => {
      const { client, request } = await managerWithRequest(
        { status: 'in_progress', isOpenForBids: false, vendorCompletedAt: new Date() },
        true,
      );
      return {
        client,
        url: `/api/requests/${request.id}/confirm/`,
        status: 200,
        check: async () => expect(await requestStatus(request.id)).toBe('completed'),
      };
    },
  },
  {
    route: 'POST /api/admin/applications/managers/:id/approve/',
    prepare: async () => {
      const { client, email } = await submittedManagerApplication();
      expect((await client.post('/api/property-manager-applications/submit/', {})).statusCode).toBe(200);
      const [row] = await db
        .select()
        .from(propertyManagerApplications)
        .where(eq(propertyManagerApplications.email, email));
      return {
        client: staff,
        url: `/api/admin/applications/managers/${row!.id}/approve/`,
        status: 200,
        check: async (response) => expect(response.json()).toMatchObject({ id: row!.id, status: 'approved' }),
      };
    },
  },
  {
    route: 'POST /api/admin/applications/vendors/:id/approve/',
    prepare: async () => {
      const row = await paidVendorApplication();
      return {
        client: staff,
        url: `/api/admin/applications/vendors/${row.id}/approve/`,
        status: 200,
        check: async (response) => expect(response.json()).toMatchObject({ id: row.id, status: 'approved' }),
      };
    },
  },
  {
    route: 'POST /api/admin/users/:id/deactivate/',
    prepare: async () => {
      const user = await makeUser(db);
      return {
        client: staff,
        url: `/api/admin/users/${user.id}/deactivate/`,
        status: 200,
        check: async () =>
          expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.isActive).toBe(false),
      };
    },
  },
  {
    route: 'POST /api/admin/users/:id/reactivate/',
    prepare: async () => {
      const user = await makeUser(db, { isActive: false });
      return {
        client: staff,
        url: `/api/admin/users/${user.id}/reactivate/`,
        status: 200,
        check: async () =>
          expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.isActive).toBe(true),
      };
    },
  },
  {
    route: 'POST /api/admin/users/:id/send-password-reset/',
    prepare: async () => {
      const user = await makeUser(db);
      return {
        client: staff,
        url: `/api/admin/users/${user.id}/send-password-reset/`,
        status: 202,
        check: async (response) => expect(response.json().message).toContain(user.email),
      };
    },
  },
  {
    route: 'POST /api/admin/demo-requests/:id/reopen/',
    prepare: async () => {
      const [row] = await db
        .insert(demoRequests)
        .values({ email: 'a@b.test', companyName: 'Acme', status: 'approved', handledAt: new Date() })
        .returning();
      return {
        client: staff,
        url: `/api/admin/demo-requests/${row!.id}/reopen/`,
        status: 200,
        check: async (response) => expect(response.json()).toMatchObject({ status: 'new', handled_at: null }),
      };
    },
  },
  {
    route: 'POST /api/admin/contact-messages/:id/handle/',
    prepare: async () => {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: 'Dana', email: 'd@b.test', phone: '1', message: 'Hi' })
        .returning();
      return {
        client: staff,
        url: `/api/admin/contact-messages/${row!.id}/handle/`,
        status: 200,
        check: async (response) => expect(response.json().handled_at).not.toBeNull(),
      };
    },
  },
  {
    route: 'POST /api/admin/contact-messages/:id/reopen/',
    prepare: async () => {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: 'Dana', email: 'd@b.test', phone: '1', message: 'Hi', handledAt: new Date() })
        .returning();
      return {
        client: staff,
        url: `/api/admin/contact-messages/${row!.id}/reopen/`,
        status: 200,
        check: async (response) => expect(response.json().handled_at).toBeNull(),
      };
    },
  },
  ...(['handle', 'reopen'] as const).map(
    (action): BodylessRoute => ({
      route: `POST /api/admin/visit-requests/:id/${action}/`,
      prepare: async () => {
        const [row] = await db
          .insert(visitRequests)
          .values({
            name: 'Ruth Visit',
            email: 'ruth@b.test',
            phone: '3035550100',
            companyName: 'Acme',
            propertyAddress: '1 Main St',
            numberOfUnits: 12,
            preferredDate1: '2030-05-06',
            preferredTime1: 'morning',
            handledAt: action === 'reopen' ? new Date() : null,
          })
          .returning();
        return {
          client: staff,
          url: `/api/admin/visit-requests/${row!.id}/${action}/`,
          status: 200,
          check: async (response) => expect(response.json().handled_at === null).toBe(action === 'reopen'),
        };
      },
    }),
  ),
  {
    route: 'DELETE /api/vendor/api-keys/:id/',
    prepare: async () => {
      const { user, client } = await signedIn({ type: 'vendor' });
      const { row } = await createApiKey(db, user.id, 'Back office');
      return {
        client,
        url: `/api/vendor/api-keys/${row.id}/`,
        status: 204,
        check: async () => {
          const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, row.id));
          expect(key!.revokedAt).not.toBeNull();
        },
      };
    },
  },
  {
    route: 'POST /api/admin/jobs/:kind/:id/retry/',
    prepare: async () => {
      const id = await failedJob('the provider answered 500');
      return {
        client: staff,
        url: `/api/admin/jobs/${JOB_PROBE}/${id}/retry/`,
        status: 200,
        check: async (response) => expect(response.json()).toEqual({ retried: true }),
      };
    },
  },
  {
    route: 'DELETE /api/admin/jobs/:kind/:id/',
    prepare: async () => {
      const id = await failedJob('the provider refused the key');
      return {
        client: staff,
        url: `/api/admin/jobs/${JOB_PROBE}/${id}/`,
        status: 204,
        check: async () => {
          const failed = (await staff.get('/api/admin/jobs/')).json().failed as Array<{ id: string }>;
          expect(failed.map((job) => job.id)).not.toContain(id);
        },
      };
    },
  },
  {
    route: 'DELETE /api/admin/plans/:id/',
    prepare: async () => {
      const [plan] = await db
        .insert(plans)
        .values({ name: `Unused ${++sequence}`, price: 10, frequency: 'monthly' })
        .returning();
      return {
        client: staff,
        url: `/api/admin/plans/${plan!.id}/`,
        status: 204,
        check: async () => gone(await db.select().from(plans).where(eq(plans.id, plan!.id))),
      };
    },
  },
  {
    route: 'DELETE /api/admin/units/:id/',
    prepare: async () => {
      const world = await makeRequestWorld(db);
      const [unit] = await db
        .insert(units)
        .values({ projectId: world.project.id, number: '101' })
        .returning();
      return {
        client: staff,
        url: `/api/admin/units/${unit!.id}/`,
        status: 204,
        check: async () => gone(await db.select().from(units).where(eq(units.id, unit!.id))),
      };
    },
  },
  {
    route: 'DELETE /api/layouts/:layoutId/',
    prepare: async () => {
      const { layout } = await documentationProject();
      return {
        client: staff,
        url: `/api/layouts/${layout.id}/`,
        status: 204,
        check: async (response) => {
          await noContent(response);
          await gone(await db.select().from(layouts).where(eq(layouts.id, layout.id)));
        },
      };
    },
  },
  {
    route: 'DELETE /api/layouts/:layoutId/polygons/:polygonId/',
    prepare: async () => {
      const { layout } = await documentationProject();
      const [polygon] = await db
        .insert(layoutPolygons)
        .values({
          layoutId: layout.id,
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 0 },
            { x: 10, y: 10 },
          ],
        })
        .returning();
      return {
        client: staff,
        url: `/api/layouts/${layout.id}/polygons/${polygon!.id}/`,
        status: 204,
        check: async () =>
          gone(await db.select().from(layoutPolygons).where(eq(layoutPolygons.id, polygon!.id))),
      };
    },
  },
  {
    route: 'PUT /api/layouts/:layoutId/share/',
    prepare: async () => {
      const { layout } = await documentationProject();
      return {
        client: staff,
        url: `/api/layouts/${layout.id}/share/`,
        status: 200,
        check: async (response) => {
          expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
          expect(
            await db.select().from(layoutShares).where(eq(layoutShares.layoutId, layout.id)),
          ).toHaveLength(1);
        },
      };
    },
  },
  {
    route: 'DELETE /api/layouts/:layoutId/share/',
    prepare: async () => {
      const { layout } = await documentationProject();
      await db.insert(layoutShares).values({ layoutId: layout.id, token: `empty-json-${++sequence}` });
      return {
        client: staff,
        url: `/api/layouts/${layout.id}/share/`,
        status: 204,
        check: async () =>
          gone(await db.select().from(layoutShares).where(eq(layoutShares.layoutId, layout.id))),
      };
    },
  },
  {
    route: 'DELETE /api/photos/:photoId/',
    prepare: async () => {
      const { photo } = await documentationProject();
      return {
        client: staff,
        url: `/api/photos/${photo.id}/`,
        status: 204,
        check: async () => gone(await db.select().from(photos).where(eq(photos.id, photo.id))),
      };
    },
  },
  {
    route: 'DELETE /api/push/subscriptions/:id/',
    prepare: async () => {
      const { user, client } = await signedIn({});
      const [device] = await db
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          endpoint: `https://push.example.test/${++sequence}`,
          p256dh: 'k',
          auth: 'a',
        })
        .returning();
      return {
        client,
        url: `/api/push/subscriptions/${device!.id}/`,
        status: 204,
        check: async () =>
          gone(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device!.id))),
      };
    },
  },
  {
    // A mail client's one-click POST carries a form body; a browser or script may send none.
    route: 'POST /unsubscribe/:token',
    prepare: async () => {
      const { user } = await signedIn({});
      return {
        client: new TestClient(app),
        url: `/unsubscribe/${await unsubscribeToken(db, user.id, 'lifecycle')}`,
        status: 200,
        check: async () =>
          expect(
            await db
              .select()
              .from(notificationPreferences)
              .where(eq(notificationPreferences.userId, user.id)),
          ).toEqual([expect.objectContaining({ category: 'lifecycle', channel: 'email', enabled: false })]),
      };
    },
  },
  {
    route: 'DELETE /api/hotspots/:hotspotId/',
    prepare: async () => {
      const { photo } = await documentationProject();
      const [hotspot] = await db
        .insert(panoramaHotspots)
        .values({
          photoId: photo.id,
          pitch: 0,
          yaw: 0,
          storageKey: `docs/empty-json/${++sequence}.jpg`,
          contentType: 'image/jpeg',
        })
        .returning();
      return {
        client: staff,
        url: `/api/hotspots/${hotspot!.id}/`,
        status: 204,
        check: async () =>
          gone(await db.select().from(panoramaHotspots).where(eq(panoramaHotspots.id, hotspot!.id))),
      };
    },
  },
  {
    route: 'POST /api/requests/:id/open/',
    prepare: async () => {
      const { client, request } = await managerWithRequest({ openedToVendorsAt: null });
      return {
        client,
        url: `/api/requests/${request.id}/open/`,
        status: 200,
        check: async () => {
          const [row] = await db
            .select({
              openedAt: maintenanceRequests.openedToVendorsAt,
              inviteAll: maintenanceRequests.inviteAll,
            })
            .from(maintenanceRequests)
            .where(eq(maintenanceRequests.id, request.id));
          expect(row?.openedAt).not.toBeNull();
          expect(row?.inviteAll).toBe(false);
        },
      };
    },
  },
  {
    route: 'POST /api/notification-settings/phone/verification/',
    prepare: async () => {
      // A number of its own: sends to one number are limited whoever asks.
      const phoneNumber = String(3035550000 + ++sequence);
      const person = await makeUser(db, { type: 'property_manager', phoneNumber });
      return {
        client: await signIn(app, person.email),
        url: '/api/notification-settings/phone/verification/',
        status: 200,
        check: async () => {
          const codes = await db
            .select()
            .from(phoneVerificationCodes)
            .where(eq(phoneVerificationCodes.userId, person.id));
          expect(codes).toHaveLength(1);
        },
      };
    },
  },
];

/**
 * The other write routes: they need a body (JSON, multipart or the checkout's form post), so an
 * empty one is refused by the route itself. Listed so that a new write route must be placed in one
 * list or the other.
 */
const NEED_A_BODY = [
  'POST /api/users/login/',
  'POST /api/users/set-password/',
  'POST /users/resend-validation-email/',
  'POST /api/users/confirm-email/',
  'POST /api/users/reset-password/',
  'POST /api/users/reset-password-confirm/',
  'POST /api/demo-requests/',
  'POST /api/contact',
  'POST /api/visit-requests/',
  'POST /api/property-manager-applications/save_building_info/',
  'POST /api/property-manager-applications/save_admin_contact/',
  'POST /api/property-manager-applications/save_company_info/',
  'POST /api/vendor-applications/save_company_info/',
  'POST /api/vendor-applications/save_insurance_info/',
  'POST /api/vendor-applications/submit/',
  'POST /checkout/:id/pay',
  'POST /api/admin/plans/',
  'PUT /api/admin/plans/:id/',
  'POST /api/admin/applications/managers/:id/reject/',
  'POST /api/admin/applications/vendors/:id/reject/',
  'POST /api/admin/demo-requests/:id/handle/',
  'POST /api/admin/clients/:id/projects/',
  'PUT /api/admin/projects/:id/',
  'POST /api/admin/projects/:id/units/',
  'POST /api/admin/projects/:id/thumbnail/',
  'POST /api/requests/',
  'POST /api/requests/:id/bid/',
  'PUT /api/requests/:id/bid/',
  'POST /api/requests/:id/award/',
  'POST /api/requests/:id/bidding/',
  'POST /api/requests/:id/send-back/',
  'POST /api/requests/:id/complete/',
  'POST /api/requests/:id/invitations/',
  'POST /api/requests/:id/visits/',
  'POST /api/visits/:id/accept/',
  'POST /api/visits/:id/propose/',
  'POST /api/visits/:id/on-my-way/',
  'POST /api/visits/:id/arrived/',
  'POST /api/visits/:id/left/',
  'PUT /api/requests/:id/access/',
  'POST /api/messages/',
  'POST /api/messages/read/',
  'POST /api/notification-settings/phone/verify/',
  'POST /api/vendor/api-keys/',
  'PUT /api/user-profile/',
  'POST /api/vendor/insurance/',
  'POST /api/projects/:id/layouts/',
  'PATCH /api/layouts/:layoutId/',
  'POST /api/projects/:id/photos/',
  'POST /api/photos/:photoId/hotspots/',
  'PATCH /api/hotspots/:hotspotId/',
  'POST /api/layouts/:layoutId/polygons/',
  'PUT /api/notification-settings/',
  'PUT /api/vendor/business-location/',
  'POST /api/push/subscriptions/',
  // Twilio's signed form post: without one it is refused (403) before anything else.
  'POST /api/sms/inbound/',
  // Approval before work (docs/decisions/owner-approval.md).
  'PUT /api/clients/:id/approval-settings/',
  'PUT /api/projects/:id/owner-approval/',
  'PUT /api/requests/:id/approval-limit/',
  'POST /api/requests/:id/owner-approval/override/',
  'POST /api/owner-approvals/:token/approve/',
  'POST /api/owner-approvals/:token/decline/',
  'POST /api/owner-approvals/:token/question/',
];

describe('a write with no body', () => {
  it('lists every write route of the server as bodyless or needing a body', () => {
    const known = new Set([...BODYLESS.map((entry) => entry.route), ...NEED_A_BODY]);
    expect([...writeRoutes].filter((route) => !known.has(route)).sort()).toEqual([]);
    expect([...known].filter((route) => !writeRoutes.has(route)).sort()).toEqual([]);
  });

  describe.each(BODYLESS)('$route', ({ route, prepare }) => {
    const method = route.split(' ')[0] as Method;
    it.each([
      ['with a JSON Content-Type', true],
      ['without a Content-Type', false],
    ])('succeeds %s', async (_label, declared) => {
      const prepared = await prepare();
      const response = await send(prepared.client, method, prepared.url, declared);
      expect(response.statusCode, response.body).toBe(prepared.status);
      await prepared.check(response);
    });
  });
});

describe('a route that needs a body', () => {
  it('answers its own field errors to an empty JSON body, as to none', async () => {
    const cases: Array<{
      client: TestClient;
      method: Method;
      url: string;
      errors: Record<string, string[]>;
    }> = [
      {
        client: await visitorClient(),
        method: 'POST',
        url: '/api/demo-requests/',
        errors: { email: ['This field is required.'], company_name: ['This field is required.'] },
      },
      {
        client: await visitorClient(),
        method: 'POST',
        url: '/api/property-manager-applications/save_admin_contact/',
        errors: {
          first_name: ['First name is required'],
          last_name: ['Last name is required'],
          email: ['Please enter a valid email address'],
          phone: ['Please enter a valid 10-digit phone number'],
          job_title: ['Job title is required'],
        },
      },
      {
        client: staff,
        method: 'POST',
        url: '/api/admin/demo-requests/1/handle/',
        errors: { status: ['Choose one of: approved, declined.'] },
      },
    ];
    const { client: manager, request } = await managerWithRequest(
      {
        status: 'in_progress',
        vendorCompletedAt: new Date(),
      },
      true,
    );
    cases.push({
      client: manager,
      method: 'POST',
      url: `/api/requests/${request.id}/send-back/`,
      errors: { note: ['This field is required.'] },
    });
    const { client: vendorClient } = await signedIn({ type: 'vendor' });
    cases.push({
      client: vendorClient,
      method: 'POST',
      url: '/api/messages/',
      errors: { request: ['This field is required.'], content: ['This field is required.'] },
    });
    for (const call of cases) {
      for (const declared of [true, false]) {
        const response = await send(call.client, call.method, call.url, declared);
        expect(response.statusCode, `${call.url} ${response.body}`).toBe(400);
        expect(response.json(), call.url).toEqual({ errors: call.errors });
      }
    }
    expect(await requestStatus(request.id)).toBe('in_progress');
  });
});

describe('a JSON body that is not JSON', () => {
  it.each([
    ['broken JSON', '{"email": '],
    ['only spaces', '   '],
  ])('is still 400 with the JSON error shape (%s)', async (_label, payload) => {
    const client = await visitorClient();
    const response = await client.request('POST', '/api/demo-requests/', {
      headers: { 'content-type': 'application/json' },
      json: payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      detail: "Body is not valid JSON but content-type is set to 'application/json'",
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  });

  it('keeps the prototype-poisoning guard of the default parser', async () => {
    const client = await visitorClient();
    const response = await client.request('POST', '/api/demo-requests/', {
      headers: { 'content-type': 'application/json' },
      json: '{"__proto__": {"admin": true}, "email": "a@b.test", "company_name": "X"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(await db.select().from(demoRequests).where(eq(demoRequests.companyName, 'X'))).toEqual([]);
  });
});
