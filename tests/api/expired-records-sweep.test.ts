import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { hashToken } from '#server/auth/tokens.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { rateLimits } from '#server/db/schema/rate-limits.ts';
import { loginAttempts, loginDevices, sessions } from '#server/db/schema/sessions.ts';
import { passwordTokens } from '#server/db/schema/users.ts';
import { sweepExpiredRecords } from '#server/housekeeping/expired-records.ts';
import { makeUser, TEST_PASSWORD } from '../support/factories.ts';
import { startTestAppWithFiles, storedFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { TestClient } from '../support/test-client.ts';
import { companyInfo, PDF, uploadCertificate, VENDOR_BASE } from '../support/vendor-applicant.ts';

// The periodic sweep (src/server/housekeeping/): expired sessions, drafts with their certificates,
// tokens and login records go; everything still live stays.

const onPostgres = process.env.TEST_DB === 'postgres';
const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let t: TestAppWithFiles;
let addressCounter = 0;
beforeAll(async () => {
  t = await startTestAppWithFiles('sweep');
});
afterAll(async () => {
  await t.close();
});

const newClient = () =>
  new TestClient(t.app, `10.34.${Math.floor(addressCounter / 200)}.${(++addressCounter % 200) + 1}`);
const sessionIdOf = (client: TestClient) => hashToken(client.cookies.get('fieldbid_session')!);
const certificateFiles = () => storedFiles(t.dataDir, /^insurance-certificates\/.+\.pdf$/);

/** A visitor with a vendor draft holding a certificate: its session id and the stored key. */
async function vendorDraftWithCertificate() {
  const client = newClient();
  await client.csrfToken();
  expect((await client.post(`${VENDOR_BASE}/save_company_info/`, companyInfo())).statusCode).toBe(200);
  expect((await uploadCertificate(client, PDF)).statusCode).toBe(200);
  const sessionId = sessionIdOf(client);
  const [draft] = await t.db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.sessionId, sessionId));
  return { sessionId, id: draft!.id, key: draft!.insuranceCertificateKey! };
}

async function managerDraft() {
  const client = newClient();
  await client.csrfToken();
  const response = await client.post('/api/property-manager-applications/save_building_info/', {
    building_name: 'Maple Court',
    building_address: '12 Maple St, Denver, CO',
    office_phone: '(303) 555-0100',
    ein: '12-3456789',
    total_employees: 25,
  });
  expect(response.statusCode).toBe(200);
  const sessionId = sessionIdOf(client);
  const [draft] = await t.db
    .select()
    .from(propertyManagerApplications)
    .where(eq(propertyManagerApplications.sessionId, sessionId));
  return { sessionId, id: draft!.id };
}

async function signedInSession() {
  const user = await makeUser(t.db);
  const client = newClient();
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return sessionIdOf(client);
}

const ageSession = (id: string, changes: Partial<typeof sessions.$inferInsert>) =>
  t.db.update(sessions).set(changes).where(eq(sessions.id, id));
const sessionIds = async (ids: string[]) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map(
    (row) => row.id,
  );

describe('the sweep of expired records', () => {
  it('deletes expired sessions and drafts with their certificates, and keeps everything live', async () => {
    await t.app.sweepExpired();
    // Visitors: one idle for two days (a visitor's limit is one), one past its absolute expiry, one live.
    const idleVisitor = await vendorDraftWithCertificate();
    await ageSession(idleVisitor.sessionId, { lastSeenAt: daysAgo(2) });
    const expiredVisitor = await managerDraft();
    await ageSession(expiredVisitor.sessionId, { expiresAt: daysAgo(0.01) });
    const liveVisitor = await vendorDraftWithCertificate();
    // A live session whose draft was last saved eight days ago (drafts last a week without a save).
    const staleDraft = await managerDraft();
    await t.db
      .update(propertyManagerApplications)
      .set({ updatedAt: daysAgo(8) })
      .where(eq(propertyManagerApplications.id, staleDraft.id));
    // Signed in: idle 15 days (the limit is 14), past the 30-day expiry, idle 13 days.
    const idleUser = await signedInSession();
    await ageSession(idleUser, { lastSeenAt: daysAgo(15) });
    const expiredUser = await signedInSession();
    await ageSession(expiredUser, { expiresAt: daysAgo(0.01) });
    const liveUser = await signedInSession();
    await ageSession(liveUser, { lastSeenAt: daysAgo(13) });
    // Awaiting payment: one untouched for 31 days, one of 2 days whose visitor session is gone.
    const oldUnpaid = await vendorDraftWithCertificate();
    await t.db
      .update(vendorApplications)
      .set({ status: 'payment_pending', updatedAt: daysAgo(31) })
      .where(eq(vendorApplications.id, oldUnpaid.id));
    const recentUnpaid = await vendorDraftWithCertificate();
    await t.db
      .update(vendorApplications)
      .set({ status: 'payment_pending', updatedAt: daysAgo(2) })
      .where(eq(vendorApplications.id, recentUnpaid.id));
    await ageSession(recentUnpaid.sessionId, { lastSeenAt: daysAgo(2) });
    expect(await certificateFiles()).toHaveLength(4);

    const counts = await t.app.sweepExpired();

    expect(counts).toMatchObject({ sessions: 5, managerDrafts: 2, vendorDrafts: 2, certificates: 2 });
    expect(
      await sessionIds([
        idleVisitor.sessionId,
        expiredVisitor.sessionId,
        liveVisitor.sessionId,
        staleDraft.sessionId,
        idleUser,
        expiredUser,
        liveUser,
        recentUnpaid.sessionId,
      ]),
    ).toEqual(expect.arrayContaining([liveVisitor.sessionId, staleDraft.sessionId, liveUser]));
    expect(
      await sessionIds([idleVisitor.sessionId, expiredVisitor.sessionId, idleUser, expiredUser]),
    ).toEqual([]);
    const managerLeft = await t.db
      .select({ id: propertyManagerApplications.id })
      .from(propertyManagerApplications)
      .where(inArray(propertyManagerApplications.id, [expiredVisitor.id, staleDraft.id]));
    expect(managerLeft).toEqual([]);
    const vendorLeft = await t.db
      .select({ id: vendorApplications.id })
      .from(vendorApplications)
      .where(inArray(vendorApplications.id, [idleVisitor.id, liveVisitor.id, oldUnpaid.id, recentUnpaid.id]));
    expect(vendorLeft.map((row) => row.id).sort()).toEqual([liveVisitor.id, recentUnpaid.id].sort());
    expect((await certificateFiles()).sort()).toEqual([liveVisitor.key, recentUnpaid.key].sort());

    // Nothing left to do: a second pass deletes nothing.
    expect(await t.app.sweepExpired()).toMatchObject({ sessions: 0, managerDrafts: 0, vendorDrafts: 0 });
  });

  it('deletes expired tokens, old login records, expired devices and ended rate-limit windows', async () => {
    const user = await makeUser(t.db);
    const expiredToken = await issuePasswordToken(t.db, user.id, 'reset_password', daysAgo(1));
    const liveToken = await issuePasswordToken(t.db, user.id, 'reset_password');
    await t.db.insert(loginAttempts).values([
      { email: user.email, ip: '10.34.9.1', succeeded: false, createdAt: daysAgo(2) },
      { email: user.email, ip: '10.34.9.2', succeeded: false },
    ]);
    await t.db.insert(loginDevices).values([
      { id: 'expired-device', userId: user.id, expiresAt: daysAgo(1) },
      { id: 'live-device', userId: user.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'sweep-test:ended', hits: 3, windowEndsAt: daysAgo(0.01) },
      { key: 'sweep-test:running', hits: 3, windowEndsAt: new Date(Date.now() + 3_600_000) },
    ]);

    await t.app.sweepExpired();

    const tokens = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([hashToken(liveToken)]);
    expect(tokens.map((row) => row.tokenHash)).not.toContain(hashToken(expiredToken));
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts.map((row) => row.ip)).toEqual(['10.34.9.2']);
    const devices = await t.db.select().from(loginDevices).where(eq(loginDevices.userId, user.id));
    expect(devices.map((row) => row.id)).toEqual(['live-device']);
    const limits = await t.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, ['sweep-test:ended', 'sweep-test:running']));
    expect(limits.map((row) => row.key)).toEqual(['sweep-test:running']);
  });

  it(
    onPostgres
      ? 'skips a row another process holds instead of waiting for it, and takes it on a later pass'
      : 'runs two passes at once without deleting anything twice (PGlite runs them one after the other)',
    async () => {
      const expired: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const id = await signedInSession();
        await ageSession(id, { expiresAt: daysAgo(0.01) });
        expired.push(id);
      }
      if (!onPostgres) {
        const both = await Promise.all([
          sweepExpiredRecords(t.db, t.app.files, t.app.log),
          sweepExpiredRecords(t.db, t.app.files, t.app.log),
        ]);
        expect(both[0].sessions + both[1].sessions).toBe(3);
        expect(await sessionIds(expired)).toEqual([]);
        return;
      }
      const [held, ...others] = expired as [string, ...string[]];
      await t.db.transaction(async (tx) => {
        // Another process's request holds the row (e.g. touching last_seen_at) while the sweep runs.
        await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, held)).for('update');
        const pass = sweepExpiredRecords(t.db, t.app.files, t.app.log);
        const waited = new Promise<'blocked'>((resolve) =>
          setTimeout(() => resolve('blocked'), 5_000).unref(),
        );
        const outcome = await Promise.race([pass, waited]);
        expect(outcome).not.toBe('blocked');
        expect(await sessionIds(others)).toEqual([]);
      });
      expect(await sessionIds([held])).toEqual([held]);
      expect((await sweepExpiredRecords(t.db, t.app.files, t.app.log)).sessions).toBe(1);
      expect(await sessionIds([held])).toEqual([]);
    },
  );
});
