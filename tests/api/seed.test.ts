import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/passwords.ts';
import type { Database, Db } from '#server/db/database.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { bids } from '#server/db/schema/bids.ts';
import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { plans } from '#server/db/schema/plans.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import {
  maintenanceRequests,
  requestInvitations,
  requestPhotos,
  requestStatusHistory,
} from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '#server/seed/seed.ts';
import { BID_STATUSES, REQUEST_STATUSES } from '#shared/statuses.ts';
import { openTestDatabase } from '../support/test-database.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let database: Database;
let db: Db;
let wasEmptyBefore: boolean;
const stored = new Map<string, { body: Buffer; contentType: string }>();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  wasEmptyBefore = await isDatabaseEmpty(db);
  await seedDemoData(db, {
    files: {
      async put(key, body, contentType) {
        stored.set(key, { body, contentType });
      },
    },
  });
});
afterAll(async () => {
  await database?.close();
});

async function userByEmail(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

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

describe('the demo seed', () => {
  it('goes into an empty database and leaves it non-empty', async () => {
    expect(wasEmptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('creates the three demo accounts with the demo password and confirmed emails', async () => {
    const admin = await userByEmail(DEMO_EMAILS.admin);
    const manager = await userByEmail(DEMO_EMAILS.manager);
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    expect(admin).toMatchObject({ isStaff: true, isSuperuser: true, type: null });
    expect(manager).toMatchObject({ type: 'property_manager', isStaff: false });
    expect(manager.clientId).not.toBeNull();
    expect(vendor).toMatchObject({ type: 'vendor', isStaff: false });
    for (const user of [admin, manager, vendor]) {
      expect(user.emailConfirmedAt).not.toBeNull();
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', user.passwordHash)).toBe(false);
    }
  });

  it('gives no password to anyone else', async () => {
    const others = await db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(
        sql`${users.email} not in (${DEMO_EMAILS.admin}, ${DEMO_EMAILS.manager}, ${DEMO_EMAILS.vendor})`,
      );
    expect(others.length).toBeGreaterThanOrEqual(7);
    expect(others.every((user) => user.passwordHash === null)).toBe(true);
  });

  it('gives the demo client a second manager and three properties of ten units, one inactive', async () => {
    const manager = await userByEmail(DEMO_EMAILS.manager);
    const team = await db.select().from(users).where(eq(users.clientId, manager.clientId!));
    expect(team.map((user) => user.type)).toEqual(['property_manager', 'property_manager']);
    const clientProjects = await db.select().from(projects).where(eq(projects.clientId, manager.clientId!));
    expect(clientProjects).toHaveLength(3);
    expect(clientProjects.filter((project) => !project.isActive)).toHaveLength(1);
    expect(clientProjects.every((project) => /, CO \d{5}$/.test(project.address))).toBe(true);
    for (const project of clientProjects) {
      const numbers = await db
        .select({ number: units.number })
        .from(units)
        .where(eq(units.projectId, project.id));
      expect(numbers.map((unit) => unit.number).sort()).toEqual(
        Array.from({ length: 10 }, (_, index) => String(101 + index)),
      );
    }
  });

  it('keeps the two plans of migration 0001', async () => {
    const offered = await db.select().from(plans).orderBy(plans.sortOrder);
    expect(offered.map((plan) => [plan.name, plan.price, plan.frequency])).toEqual([
      ['Monthly', 49, 'monthly'],
      ['Yearly', 490, 'yearly'],
    ]);
  });

  it('gives the demo vendor its trades and insurance valid for about a year', async () => {
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    const [profile] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, vendor.id));
    expect(profile?.serviceCategories.sort()).toEqual(['Electrical', 'HVAC', 'Plumbing']);
    const daysLeft = (Date.parse(profile!.insuranceExpiresOn!) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(360);
  });

  it("stores every demo vendor's certificate as a PDF with its expiry date, the same on its application", async () => {
    const profiles = await db.select().from(vendorProfiles);
    expect(profiles.length).toBeGreaterThan(1);
    for (const profile of profiles) {
      const file = stored.get(profile.insuranceCertificateKey ?? '');
      expect(file, profile.companyName).toBeDefined();
      expect(file!.contentType).toBe('application/pdf');
      const text = file!.body.toString('latin1');
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).toContain(`Policy period ends: ${profile.insuranceExpiresOn}`);
    }
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    const [profile] = profiles.filter((row) => row.userId === vendor.id);
    const [application] = await db
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.userId, vendor.id));
    expect(application).toMatchObject({
      insuranceCertificateKey: profile!.insuranceCertificateKey,
      insuranceExpiresOn: profile!.insuranceExpiresOn,
      insuranceCertificateContentType: 'application/pdf',
    });
  });

  it('has at least 25 open jobs the demo vendor may see, by trade or by invitation', async () => {
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    const invited = db
      .select({ requestId: requestInvitations.requestId })
      .from(requestInvitations)
      .where(eq(requestInvitations.vendorId, vendor.id));
    const visible = await db
      .select({ id: maintenanceRequests.id, type: maintenanceRequests.type })
      .from(maintenanceRequests)
      .where(
        and(
          eq(maintenanceRequests.status, 'open'),
          sql`(${maintenanceRequests.type} in ('Plumbing', 'Electrical', 'HVAC') or ${maintenanceRequests.id} in ${invited})`,
        ),
      );
    expect(visible.length).toBeGreaterThanOrEqual(25);
    expect(new Set(visible.map((job) => job.type)).size).toBeGreaterThanOrEqual(4);
    const others = await db
      .select({ id: maintenanceRequests.id })
      .from(maintenanceRequests)
      .where(
        sql`${maintenanceRequests.id} not in ${invited} and ${maintenanceRequests.type} not in ('Plumbing', 'Electrical', 'HVAC') and not ${maintenanceRequests.inviteAll}`,
      );
    expect(others.length).toBeGreaterThan(0);
  });

  it('has requests in every status, each with its history, and awarded ones pointing at their accepted bid', async () => {
    const rows = await db.select().from(maintenanceRequests);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(REQUEST_STATUSES));
    const events = await db
      .select({
        status: maintenanceRequests.status,
        events: sql<
          string[]
        >`array_agg(${requestStatusHistory.event} order by ${requestStatusHistory.createdAt})`,
      })
      .from(maintenanceRequests)
      .innerJoin(requestStatusHistory, eq(requestStatusHistory.requestId, maintenanceRequests.id))
      .groupBy(maintenanceRequests.id, maintenanceRequests.status);
    expect(events).toHaveLength(rows.length);
    for (const row of events) {
      expect(row.events[0]).toBe('created');
      if (row.status === 'completed')
        expect(row.events).toEqual(['created', 'awarded', 'vendor_completed', 'confirmed']);
      if (row.status === 'cancelled') expect(row.events.at(-1)).toBe('cancelled');
    }
    for (const row of rows.filter(
      (request) => request.status === 'in_progress' || request.status === 'completed',
    )) {
      const [awarded] = await db.select().from(bids).where(eq(bids.id, row.awardedBidId!));
      expect(awarded).toMatchObject({ requestId: row.id, status: 'accepted' });
    }
  });

  it('has bids by the demo vendor in every status, and bids by other vendors', async () => {
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    const own = await db.select().from(bids).where(eq(bids.vendorId, vendor.id));
    expect(new Set(own.map((bid) => bid.status))).toEqual(new Set(BID_STATUSES));
    const [acceptedOnActiveJob] = await db
      .select({ status: maintenanceRequests.status })
      .from(bids)
      .innerJoin(maintenanceRequests, eq(maintenanceRequests.id, bids.requestId))
      .where(
        and(
          eq(bids.vendorId, vendor.id),
          eq(bids.status, 'accepted'),
          eq(maintenanceRequests.status, 'in_progress'),
        ),
      );
    expect(acceptedOnActiveJob).toBeDefined();
    const others = await db.select().from(bids).where(sql`${bids.vendorId} <> ${vendor.id}`);
    expect(new Set(others.map((bid) => bid.vendorId)).size).toBeGreaterThanOrEqual(3);
  });

  it('refuses a second bid by the same vendor on the same request', async () => {
    const [existing] = await db.select().from(bids).limit(1);
    const code = await errorCodeOf(
      db.insert(bids).values({
        requestId: existing!.requestId,
        vendorId: existing!.vendorId,
        amount: 100,
        estimatedTime: 1,
        proposedStartDate: new Date(),
      }),
    );
    expect(code).toBe('23505'); // unique_violation
  });

  it('refuses a request type outside the fixed categories', async () => {
    const manager = await userByEmail(DEMO_EMAILS.manager);
    const code = await errorCodeOf(
      db.insert(maintenanceRequests).values({
        createdById: manager.id,
        type: 'Roofing' as 'Other',
        description: 'Not a category',
      }),
    );
    expect(code).toBe('23514'); // check_violation
  });

  it('holds a manager and demo vendor conversation with messages the vendor has not read', async () => {
    const vendor = await userByEmail(DEMO_EMAILS.vendor);
    const thread = await db.select().from(messages).where(eq(messages.vendorId, vendor.id));
    expect(thread.length).toBeGreaterThanOrEqual(4);
    expect(new Set(thread.map((message) => message.senderRole))).toEqual(
      new Set(['vendor', 'property_manager']),
    );
    const unread = thread.filter(
      (message) => message.senderRole === 'property_manager' && message.readAt === null,
    );
    expect(unread.length).toBeGreaterThan(0);
  });

  it('notifies the vendor and the manager, some read, some not, about real requests', async () => {
    for (const email of [DEMO_EMAILS.vendor, DEMO_EMAILS.manager]) {
      const user = await userByEmail(email);
      const own = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(own.some((notification) => notification.isRead)).toBe(true);
      expect(own.some((notification) => !notification.isRead)).toBe(true);
      const related = own.map((notification) => notification.relatedRequestId).filter((id) => id !== null);
      const found = await db
        .select({ id: maintenanceRequests.id })
        .from(maintenanceRequests)
        .where(inArray(maintenanceRequests.id, related));
      expect(found).toHaveLength(new Set(related).size);
    }
  });

  it('stores a real PNG for every picture a row points at', async () => {
    const keys = [
      ...(await db.select({ key: layouts.storageKey }).from(layouts)),
      ...(await db.select({ key: photos.storageKey }).from(photos)),
      ...(await db.select({ key: panoramaHotspots.storageKey }).from(panoramaHotspots)),
      ...(await db.select({ key: requestPhotos.storageKey }).from(requestPhotos)),
      ...(await db.select({ key: projects.thumbnailKey }).from(projects)),
    ].map((row) => row.key);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      const file = stored.get(key!);
      expect(file, key!).toBeDefined();
      expect(file!.contentType).toBe('image/png');
      expect(file!.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    }
    const pinned = await db
      .select()
      .from(photos)
      .where(and(eq(photos.kind, 'in_wall'), isNull(photos.layoutId)));
    expect(pinned).toHaveLength(0);
  });

  it('logs what the demo admin already did: the seeded reviews and handled inbox items', async () => {
    const admin = await userByEmail(DEMO_EMAILS.admin);
    const entries = await db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(entries.map((entry) => [entry.action, entry.targetLabel])).toEqual([
      ['application.approve', 'Summit Property Group'],
      ['application.approve', 'Peak Mechanical Services'],
      ['demo_request.handle', 'Boulder Student Living · ops@boulderstudentliving.example'],
      ['contact_message.handle', 'Tom Becker · tom@beckerhvac.example'],
    ]);
    expect(entries.every((entry) => entry.actorId === admin.id && entry.actorEmail === admin.email)).toBe(
      true,
    );
  });
});
