import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { layoutPolygons, layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { messagePhotos } from '#server/db/schema/message-photos.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { plans } from '#server/db/schema/plans.ts';
import { units } from '#server/db/schema/projects.ts';
import { maintenanceRequests, requestPhotos } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';
import { VIEWER_ASSETS } from '#shared/viewer-assets.ts';
import { type Credentials, type Invocation, send } from './authorization-send.ts';
import { makeUser, TEST_PASSWORD } from './factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from './file-store-dir.ts';
import { type FormPart, multipart } from './multipart.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from './request-factories.ts';
import { buildTestApp } from './test-app.ts';
import { TestClient } from './test-client.ts';
import { png } from './test-images.ts';
import { visitor as newVisitor, submitVendorApplication } from './vendor-applicant.ts';

/**
 * The one world the authorization matrix calls every route in: a client (Acme) with a property and
 * its manager, another client with its own manager, staff, a superuser, and four vendors that stand
 * in four different relations to Acme's requests. Every request below is Plumbing, on Acme's
 * property, and was reported by the reporter vendor (so the manager never manages "as creator").
 */
export const ACTORS = [
  'visitor',
  'category',
  'other',
  'reporter',
  'awarded',
  'manager',
  'outsider',
  'staff',
  'super',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'visitor'>;

export const ACTOR_ROLES: Record<Actor, string> = {
  visitor: 'signed out (a browser with a visitor session and its CSRF token)',
  category: 'vendor whose category (Plumbing) matches; bids on the requests',
  other: 'vendor of another category (Electrical), not invited, requests not open to all',
  reporter: 'vendor that reported the requests (holds an accepted bid on the property), never bids',
  awarded: 'Plumbing vendor whose bid was awarded (pending bid on the open request)',
  manager: "property manager of Acme, the client owning the requests' property",
  outsider: 'property manager of another client',
  staff: 'staff (is_staff)',
  super: 'superuser (is_staff and is_superuser)',
};

/** Strings that belong to one vendor: no other vendor may read them anywhere. */
export const VENDOR_SECRETS = {
  category: ['Catalina Plumbing', 'Catalina note: gate code 4411', 'Catalina asks: is the side door open?'],
  awarded: ['Awardly Plumbing', 'Awardly note: crew of three', 'Awardly asks: where to park?'],
  reporter: ['Reportwell Painting'],
  other: ['Otherton Electric'],
} as const;
/** What the manager wrote to the category vendor's thread: that thread's business only. */
export const MANAGER_REPLY = 'Manager to Catalina: the code is 4411';
/** The awarded vendor's completion report: the managing side's and the awarded vendor's only. */
export const COMPLETION_NOTE = 'Awardly completion: new P-trap fitted';
export const AMOUNTS = { categoryOpen: 4731, awardedOpen: 5119, categoryDone: 6047, awardedDone: 8263 };

export interface AuthorizationWorld {
  t: TestAppWithFiles;
  /** The same database behind a Stripe-configured server (its webhook route exists only there). */
  stripeApp: FastifyInstance;
  /** Every route both servers declared, as Fastify's onRoute hook reported them. */
  routes: RouteOptions[];
  users: Record<SignedInActor, UserRow>;
  /** An account only the login row signs in to (nothing else changes its password). */
  loginEmail: string;
  loginPassword: string;
  credentials(actor: Actor): Credentials;
  /** Signs the actor in again: a session of its own for calls that end sessions. */
  freshCredentials(actor: Actor): Promise<Credentials>;
  ids: {
    client: number;
    otherClient: number;
    project: number;
    otherProject: number;
    /** A property of the other client that staff may rename and give a thumbnail. */
    spareProject: number;
    unit: number;
    /** Open, bidding: the category vendor's and the awarded vendor's pending bids, a photo, threads. */
    open: number;
    /** Awarded to the awarded vendor, who marked it complete with a note and a photo. */
    done: number;
    categoryOpenBid: number;
    categoryNotification: number;
    layout: number;
    photo360: number;
    hotspot: number;
    polygon: number;
    managerApplication: number;
    vendorApplication: number;
    checkout: string;
    monthlyPlan: number;
    demoRequest: number;
    contactMessage: number;
    plan: number;
    /** A user no actor is: the admin calls about one user point here. */
    bystander: number;
  };
  keys: {
    requestPhoto: string;
    completionPhoto: string;
    /** A photo the category vendor sent in its thread on the open request. */
    messagePhoto: string;
    certificate: Record<'category' | 'other' | 'reporter' | 'awarded', string>;
    layout: string;
    photo: string;
    hotspot: string;
  };
  /** A password token of the bystander, minted per call (most are single use). */
  token(purpose: 'set_password' | 'reset_password' | 'confirm_email'): Promise<string>;
  fresh: FreshTargets;
  close(): Promise<void>;
}

/** Targets a call changes: each cell gets its own, so one actor's success never decides the next. */
export interface FreshTargets {
  /** Open, nobody has bid yet. */
  bareRequest(): Promise<number>;
  /** Open with the category vendor's and the awarded vendor's pending bids. */
  openRequest(): Promise<{ id: number; categoryBid: number; awardedBid: number }>;
  /** Awarded to the awarded vendor, in progress; `done` once that vendor marked it complete. */
  awardedRequest(done: boolean): Promise<number>;
  /** Cancelled before anyone was awarded (the one state reopen accepts). */
  cancelledRequest(): Promise<number>;
  /** The reporter's report as it is raised: held for the managers, not yet open to vendors. */
  heldRequest(): Promise<number>;
  layout(): Promise<number>;
  polygon(): Promise<number>;
  photo(): Promise<number>;
  hotspot(): Promise<number>;
  /** A submitted manager application or a paid vendor application, waiting for review. */
  application(kind: 'managers' | 'vendors'): Promise<number>;
  inboxItem(kind: 'demo-requests' | 'contact-messages' | 'visit-requests', handled: boolean): Promise<number>;
  plan(): Promise<number>;
  unit(): Promise<number>;
  /** A spare account (a vendor unless `role` says staff or superuser), active or deactivated. */
  user(active: boolean, role?: 'vendor' | 'staff' | 'superuser'): Promise<number>;
}

const addressOf = (actor: Actor) => `10.13.0.${ACTORS.indexOf(actor) + 1}`;

async function signInFrom(app: FastifyInstance, email: string, address: string): Promise<string> {
  const response = await new TestClient(app, address).login(email, TEST_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

const image = (name: string, body: Buffer = png(300, 200)): FormPart => ({
  name,
  value: body,
  filename: `${name}.png`,
  type: 'image/png',
});
const fields = (values: Record<string, string>): FormPart[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

/** Builds the world through the product's own calls where they exist, so its rows are real ones. */
export async function buildAuthorizationWorld(): Promise<AuthorizationWorld> {
  const routes: RouteOptions[] = [];
  const onRoute = (route: RouteOptions) => {
    routes.push(route);
  };
  // A built PWA, so the SPA catch-all is in the route table as in production.
  const staticDir = await mkdtemp(join(tmpdir(), 'fieldbid-matrix-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>FieldBid</title>');
  // With the viewer's static files, whose routes exist when the build has them.
  for (const path of Object.values(VIEWER_ASSETS)) {
    await mkdir(dirname(join(staticDir, path)), { recursive: true });
    await writeFile(join(staticDir, path), '/* viewer */');
  }
  const t = await startTestAppWithFiles('authorization-matrix', { staticDir }, { onRoute });
  const stripeApp = await buildTestApp({
    config: {
      ...t.app.config,
      // Nothing is sent to Stripe: the matrix's webhook calls carry no signature.
      stripe: {
        secretKey: 'sk_test_matrix',
        webhookSecret: 'whsec_matrix',
        apiHost: '127.0.0.1',
        apiPort: 9,
        apiProtocol: 'http',
      },
    },
    database: t.database,
    mailSender: false,
    onRoute,
  });
  await stripeApp.ready();
  const { db } = t;

  const acme = await makeClient(db, { name: 'Acme Homes' });
  const birch = await makeClient(db, { name: 'Birch Estates' });
  const project = await makeProject(db, { clientId: acme.id, name: 'Acme Tower' });
  const otherProject = await makeProject(db, { clientId: birch.id, name: 'Birch Court' });
  const spareProject = await makeProject(db, { clientId: birch.id, name: 'Birch Annex' });
  const [unit] = await db.insert(units).values({ projectId: project.id, number: '101' }).returning();

  const vendor = (companyName: string, category: string, firstName: string) =>
    makeVendor(
      db,
      { companyName, serviceCategories: [category], insuranceExpiresOn: '2099-12-31' },
      { firstName, lastName: `${firstName}son` },
    );
  const users: Record<SignedInActor, UserRow> = {
    category: await vendor('Catalina Plumbing', 'Plumbing', 'Catalina'),
    other: await vendor('Otherton Electric', 'Electrical', 'Otto'),
    reporter: await vendor('Reportwell Painting', 'Painting', 'Rita'),
    awarded: await vendor('Awardly Plumbing', 'Plumbing', 'Awa'),
    manager: await makeUser(db, { type: 'property_manager', clientId: acme.id, firstName: 'Mona' }),
    outsider: await makeUser(db, { type: 'property_manager', clientId: birch.id, firstName: 'Olaf' }),
    staff: await makeUser(db, { type: null, isStaff: true, firstName: 'Stella' }),
    super: await makeUser(db, { type: null, isStaff: true, isSuperuser: true, firstName: 'Sue' }),
  };
  const bystander = await makeUser(db, { type: 'vendor', firstName: 'Bea' });
  const loginUser = await makeUser(db, { type: 'property_manager', clientId: birch.id, firstName: 'Lou' });

  // Each vendor's own certificate, told apart by its bytes.
  const certificate = {} as AuthorizationWorld['keys']['certificate'];
  for (const who of ['category', 'other', 'reporter', 'awarded'] as const) {
    const key = `insurance-certificates/matrix/${who}.pdf`;
    await t.app.files.put(key, Buffer.from(`%PDF-1.7\n% certificate of ${who}\n`), 'application/pdf');
    await db
      .update(vendorProfiles)
      .set({ insuranceCertificateKey: key })
      .where(eq(vendorProfiles.userId, users[who].id));
    certificate[who] = key;
  }

  const tokens = {} as Record<SignedInActor, string>;
  for (const actor of Object.keys(users) as SignedInActor[]) {
    tokens[actor] = await signInFrom(t.app, users[actor].email, addressOf(actor));
  }
  const visitorClient = new TestClient(t.app, addressOf('visitor'));
  await visitorClient.csrfToken();
  const credentials = (actor: Actor): Credentials =>
    actor === 'visitor'
      ? { kind: 'visitor', cookies: visitorClient.cookies, address: addressOf(actor) }
      : { kind: 'bearer', token: tokens[actor], address: addressOf(actor) };
  const as = async (actor: Actor, call: Invocation, status: number): Promise<LightMyRequestResponse> => {
    const response = await send(t.app, credentials(actor), call);
    expect(response.statusCode, `${actor} ${call.method} ${call.url}: ${response.body}`).toBe(status);
    return response;
  };

  // The reporter works on the property: an accepted bid on an earlier job there (Painting, its trade).
  const earlier = await makeRequest(db, {
    createdById: users.manager.id,
    projectId: project.id,
    type: 'Painting',
    status: 'in_progress',
    isOpenForBids: false,
  });
  const earlierBid = await makeBid(db, {
    requestId: earlier.id,
    vendorId: users.reporter.id,
    status: 'accepted',
  });
  await db
    .update(maintenanceRequests)
    .set({ awardedBidId: earlierBid.id })
    .where(eq(maintenanceRequests.id, earlier.id));

  const report = async (description: string, photo: boolean) => {
    const form = multipart([
      ...fields({ type: 'Plumbing', description, project_id: String(project.id), timeframe: 'Urgent' }),
      ...(photo ? [image('photos', png(8, 6))] : []),
    ]);
    const created = await as('reporter', { method: 'POST', url: '/api/requests/', form }, 201);
    const id = created.json<{ id: number }>().id;
    // A vendor's report is held for the managers until one opens it to vendors (of its trade here).
    await as('manager', { method: 'POST', url: `/api/requests/${id}/open/`, json: {} }, 200);
    return id;
  };
  const bid = async (actor: 'category' | 'awarded', requestId: number, amount: number, notes: string) => {
    const json = {
      amount,
      estimated_time: 2,
      estimated_time_unit: 'days',
      proposed_start_date: '2099-01-04T09:00:00.000Z',
      notes,
    };
    const made = await as(actor, { method: 'POST', url: `/api/requests/${requestId}/bid/`, json }, 201);
    return made.json<{ id: number }>().id;
  };

  const open = await report('Leak under the kitchen sink', true);
  const categoryOpenBid = await bid('category', open, AMOUNTS.categoryOpen, VENDOR_SECRETS.category[1]);
  await bid('awarded', open, AMOUNTS.awardedOpen, VENDOR_SECRETS.awarded[1]);
  const message = (actor: Actor, content: string, vendor?: number) =>
    as(actor, { method: 'POST', url: '/api/messages/', json: { request: open, content, vendor } }, 201);
  await message('category', VENDOR_SECRETS.category[2]);
  await message('manager', MANAGER_REPLY, users.category.id);
  await message('awarded', VENDOR_SECRETS.awarded[2]);
  // A photo in the category vendor's thread: its two sides read it, nobody else.
  const photoMessage = multipart([
    ...fields({ request: String(open), content: 'The valve, as found' }),
    image('photos', png(5, 5)),
  ]);
  const withPhoto = await as('category', { method: 'POST', url: '/api/messages/', form: photoMessage }, 201);
  const messagePhotoKey = withPhoto
    .json<{ photos: Array<{ url: string }> }>()
    .photos[0]!.url.slice('/api/files/'.length);
  const [messagePhotoRow] = await db
    .select({ key: messagePhotos.storageKey })
    .from(messagePhotos)
    .where(eq(messagePhotos.storageKey, messagePhotoKey));
  expect(messagePhotoRow).toBeDefined();

  const done = await report('Dripping bathroom tap', false);
  await bid('category', done, AMOUNTS.categoryDone, VENDOR_SECRETS.category[1]);
  const awardedBid = await bid('awarded', done, AMOUNTS.awardedDone, VENDOR_SECRETS.awarded[1]);
  await as(
    'manager',
    { method: 'POST', url: `/api/requests/${done}/award/`, json: { bid_id: awardedBid } },
    200,
  );
  const completion = multipart([...fields({ note: COMPLETION_NOTE }), image('photos', png(6, 4))]);
  await as('awarded', { method: 'POST', url: `/api/requests/${done}/complete/`, form: completion }, 200);

  const photoKey = async (requestId: number, kind: 'request' | 'completion') => {
    const [row] = await db
      .select({ key: requestPhotos.storageKey })
      .from(requestPhotos)
      .where(and(eq(requestPhotos.requestId, requestId), eq(requestPhotos.kind, kind)));
    return row!.key;
  };

  // Documentation of the property, added by its manager through the upload calls.
  const layout = (
    await as(
      'manager',
      {
        method: 'POST',
        url: `/api/projects/${project.id}/layouts/`,
        form: multipart([...fields({ name: 'Ground floor' }), image('image')]),
      },
      201,
    )
  ).json<{ id: number }>().id;
  const photo360 = (
    await as(
      'manager',
      {
        method: 'POST',
        url: `/api/projects/${project.id}/photos/`,
        form: multipart([
          ...fields({ kind: 'in_wall', is_360: 'true', layout_id: String(layout), x: '0.5', y: '0.5' }),
          image('image', png(64, 32)),
        ]),
      },
      201,
    )
  ).json<{ id: number }>().id;
  const hotspot = (
    await as(
      'manager',
      {
        method: 'POST',
        url: `/api/photos/${photo360}/hotspots/`,
        form: multipart([...fields({ pitch: '0', yaw: '10', caption: 'Valve' }), image('image', png(8, 8))]),
      },
      201,
    )
  ).json<{ id: number }>().id;
  const polygon = (
    await as(
      'manager',
      {
        method: 'POST',
        url: `/api/layouts/${layout}/polygons/`,
        json: { name: 'Kitchen', points: TRIANGLE },
      },
      201,
    )
  ).json<{ id: number }>().id;
  const [layoutRow] = await db.select().from(layouts).where(eq(layouts.id, layout));
  const [photoRow] = await db.select().from(photos).where(eq(photos.id, photo360));
  const [hotspotRow] = await db.select().from(panoramaHotspots).where(eq(panoramaHotspots.id, hotspot));

  const [categoryNotification] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, users.category.id))
    .orderBy(asc(notifications.id))
    .limit(1);

  // Applications, a checkout and inbox items from browsers that are none of the actors.
  const applicant = await newVisitor(t.app);
  const [monthly] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Monthly'));
  const checkoutUrl = await submitVendorApplication(applicant, monthly!.id);
  const checkout = decodeURIComponent(new URL(checkoutUrl, 'http://x').pathname.split('/').pop()!);
  const [vendorApplication] = await db
    .select({ id: vendorApplications.id })
    .from(vendorApplications)
    .where(eq(vendorApplications.checkoutId, checkout));
  const managerApplicant = await newVisitor(t.app);
  for (const [step, body] of managerWizard(`applicant-${Date.now()}@birch.example`)) {
    expect(
      (await managerApplicant.post(`/api/property-manager-applications/${step}/`, body)).statusCode,
    ).toBe(200);
  }
  const [managerApplication] = await db
    .select({ id: propertyManagerApplications.id })
    .from(propertyManagerApplications)
    .where(eq(propertyManagerApplications.status, 'submitted'));

  const fresh = freshTargets(t, users, project.id, {
    layout: layoutRow!,
    photo: photoRow!,
    hotspot: hotspotRow!,
  });

  return {
    t,
    stripeApp,
    routes,
    users,
    loginEmail: loginUser.email,
    loginPassword: TEST_PASSWORD,
    credentials,
    async freshCredentials(actor) {
      if (actor === 'visitor') {
        const browser = new TestClient(t.app, addressOf(actor));
        await browser.csrfToken();
        return { kind: 'visitor', cookies: browser.cookies, address: addressOf(actor) };
      }
      const token = await signInFrom(t.app, users[actor].email, addressOf(actor));
      return { kind: 'bearer', token, address: addressOf(actor) };
    },
    ids: {
      client: acme.id,
      otherClient: birch.id,
      project: project.id,
      otherProject: otherProject.id,
      spareProject: spareProject.id,
      unit: unit!.id,
      open,
      done,
      categoryOpenBid,
      categoryNotification: categoryNotification!.id,
      layout,
      photo360,
      hotspot,
      polygon,
      managerApplication: managerApplication!.id,
      vendorApplication: vendorApplication!.id,
      checkout,
      monthlyPlan: monthly!.id,
      demoRequest: await fresh.inboxItem('demo-requests', false),
      contactMessage: await fresh.inboxItem('contact-messages', false),
      plan: await fresh.plan(),
      bystander: bystander.id,
    },
    keys: {
      requestPhoto: await photoKey(open, 'request'),
      completionPhoto: await photoKey(done, 'completion'),
      messagePhoto: messagePhotoKey,
      certificate,
      layout: layoutRow!.storageKey,
      photo: photoRow!.storageKey,
      hotspot: hotspotRow!.storageKey,
    },
    token: (purpose) => issuePasswordToken(db, bystander.id, purpose),
    fresh,
    async close() {
      await stripeApp.close();
      await t.close();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}

export const TRIANGLE = [
  { x: 10, y: 10 },
  { x: 60, y: 10 },
  { x: 60, y: 50 },
];

/** The property manager wizard's three steps and its submit, for `email`. */
export function managerWizard(email: string): Array<[string, unknown]> {
  return [
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
    [
      'save_company_info',
      { company_name: 'Birch Holdings', company_address: '4 Birch St', company_logo: '' },
    ],
    ['submit', {}],
  ];
}

let sequence = 0;

/**
 * Rows made straight in the database, many times over: documentation rows share the stored file of
 * the world's own (so deleting one leaves the file, which the world's row still references).
 */
function freshTargets(
  t: TestAppWithFiles,
  users: Record<SignedInActor, UserRow>,
  projectId: number,
  documentation: {
    layout: typeof layouts.$inferSelect;
    photo: typeof photos.$inferSelect;
    hotspot: typeof panoramaHotspots.$inferSelect;
  },
): FreshTargets {
  const { db } = t;
  const request = (columns: Partial<typeof maintenanceRequests.$inferInsert>) =>
    makeRequest(db, { createdById: users.reporter.id, projectId, type: 'Plumbing', ...columns });
  const layout = async () => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...columns } = documentation.layout;
    const [row] = await db.insert(layouts).values(columns).returning();
    return row!.id;
  };
  const photo = async () => {
    const { id: _id, createdAt: _c, ...columns } = documentation.photo;
    const [row] = await db.insert(photos).values(columns).returning();
    return row!.id;
  };
  return {
    async bareRequest() {
      return (await request({})).id;
    },
    async openRequest() {
      const { id } = await request({});
      const categoryBid = await makeBid(db, { requestId: id, vendorId: users.category.id });
      const awardedBid = await makeBid(db, { requestId: id, vendorId: users.awarded.id });
      return { id, categoryBid: categoryBid.id, awardedBid: awardedBid.id };
    },
    async awardedRequest(done) {
      const { id } = await request({
        status: 'in_progress',
        isOpenForBids: false,
        vendorCompletedAt: done ? new Date() : null,
        ...(done ? { completionNote: 'Done' } : {}),
      });
      const accepted = await makeBid(db, { requestId: id, vendorId: users.awarded.id, status: 'accepted' });
      await makeBid(db, { requestId: id, vendorId: users.category.id, status: 'rejected' });
      await db
        .update(maintenanceRequests)
        .set({ awardedBidId: accepted.id })
        .where(eq(maintenanceRequests.id, id));
      return id;
    },
    async heldRequest() {
      return (await request({ openedToVendorsAt: null })).id;
    },
    async cancelledRequest() {
      const { id } = await request({ status: 'cancelled', isOpenForBids: false });
      await makeBid(db, { requestId: id, vendorId: users.category.id, status: 'rejected' });
      return id;
    },
    layout,
    async polygon() {
      const [row] = await db
        .insert(layoutPolygons)
        .values({ layoutId: documentation.layout.id, name: 'Spare', points: TRIANGLE })
        .returning();
      return row!.id;
    },
    photo,
    async hotspot() {
      const { id: _id, createdAt: _c, ...columns } = documentation.hotspot;
      const [row] = await db.insert(panoramaHotspots).values(columns).returning();
      return row!.id;
    },
    async application(kind) {
      sequence += 1;
      const email = `applicant-${kind}-${sequence}-${Date.now()}@example.test`;
      if (kind === 'managers') {
        const [row] = await db
          .insert(propertyManagerApplications)
          .values({
            status: 'submitted',
            email,
            firstName: 'Ada',
            companyName: 'Fresh Co',
            submittedAt: new Date(),
          })
          .returning();
        return row!.id;
      }
      const [row] = await db
        .insert(vendorApplications)
        .values({
          status: 'paid',
          email,
          firstName: 'Vic',
          vendorName: 'Fresh Vendor',
          submittedAt: new Date(),
        })
        .returning();
      return row!.id;
    },
    async inboxItem(kind, handled) {
      sequence += 1;
      const handledColumns = handled ? { handledAt: new Date(), handledById: users.staff.id } : {};
      if (kind === 'visit-requests') {
        const [row] = await db
          .insert(visitRequests)
          .values({
            name: 'Vera',
            email: `visit${sequence}@example.test`,
            phone: '3035550112',
            companyName: 'Visit Co',
            propertyAddress: '1 Visit St',
            numberOfUnits: 12,
            preferredDate1: '2099-05-01',
            preferredTime1: 'morning',
            ...handledColumns,
          })
          .returning();
        return row!.id;
      }
      if (kind === 'demo-requests') {
        const [row] = await db
          .insert(demoRequests)
          .values({
            email: `demo${sequence}@example.test`,
            companyName: 'Demo Co',
            status: handled ? 'approved' : 'new',
            ...handledColumns,
          })
          .returning();
        return row!.id;
      }
      const [row] = await db
        .insert(contactMessages)
        .values({
          name: 'Cora',
          email: `contact${sequence}@example.test`,
          phone: '3035550111',
          message: 'Hello',
          ...handledColumns,
        })
        .returning();
      return row!.id;
    },
    async plan() {
      sequence += 1;
      const [row] = await db
        .insert(plans)
        .values({ name: `Matrix plan ${sequence}`, price: 10, frequency: 'monthly' })
        .returning();
      return row!.id;
    },
    async unit() {
      sequence += 1;
      const [row] = await db
        .insert(units)
        .values({ projectId, number: `M${sequence}` })
        .returning();
      return row!.id;
    },
    async user(active, role = 'vendor') {
      const flags =
        role === 'vendor'
          ? { type: 'vendor' as const }
          : { type: null, isStaff: true, isSuperuser: role === 'superuser' };
      return (await makeUser(db, { ...flags, isActive: active })).id;
    },
  };
}
