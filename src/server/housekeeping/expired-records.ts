import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DRAFT_POLICY } from '#server/applications/draft-policy.ts';
import { expiredSessions } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { phoneVerificationCodes } from '#server/db/schema/phone-verification-codes.ts';
import { rateLimits } from '#server/db/schema/rate-limits.ts';
import { loginAttempts, loginDevices, sessions } from '#server/db/schema/sessions.ts';
import { passwordTokens } from '#server/db/schema/users.ts';
import type { FileStore } from '#server/storage/file-store.ts';

export const SWEEP_POLICY = {
  /** Rows per DELETE: short statements that hold few locks. */
  batchSize: 500,
  /** Batches per table per pass, so one pass stays short whatever piled up; the next pass goes on. */
  maxBatches: 20,
  /** Login attempts are kept a day (the limits look back 15 minutes), to look into an attack. */
  loginAttemptsKeptMs: 24 * 60 * 60_000,
  /** Phone codes are kept a day (they work 10 minutes; the sending limits look back an hour). */
  phoneCodesKeptMs: 24 * 60 * 60_000,
} as const;

/** How many rows (and stored files) one pass removed, per kind. */
export interface SweepCounts {
  sessions: number;
  managerDrafts: number;
  vendorDrafts: number;
  certificates: number;
  passwordTokens: number;
  loginAttempts: number;
  loginDevices: number;
  rateLimits: number;
  phoneCodes: number;
}

/**
 * Repeats one batch delete until a batch comes back short. Every batch is
 * `DELETE ... WHERE id IN (SELECT id ... LIMIT n FOR UPDATE SKIP LOCKED)`, as the mail sender claims
 * mail: processes sweeping at once take disjoint rows, and a row a request holds is left for later.
 */
async function inBatches<Row>(deleteBatch: () => Promise<Row[]>): Promise<Row[]> {
  const all: Row[] = [];
  for (let batch = 0; batch < SWEEP_POLICY.maxBatches; batch += 1) {
    const gone = await deleteBatch();
    all.push(...gone);
    if (gone.length < SWEEP_POLICY.batchSize) break;
  }
  return all;
}

const skipLocked = { skipLocked: true } as const;

function sweepSessions(db: Db, now: Date) {
  return inBatches(() => {
    const due = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(expiredSessions(now))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(sessions).where(inArray(sessions.id, due)).returning({ id: sessions.id });
  });
}

/** A draft ends with its session (the foreign key clears `session_id`) or a week after its last save. */
function sweepManagerDrafts(db: Db, now: Date) {
  const t = propertyManagerApplications;
  const staleSince = new Date(now.getTime() - DRAFT_POLICY.idleMs);
  return inBatches(() => {
    const due = db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'draft'), or(isNull(t.sessionId), lt(t.updatedAt, staleSince))))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(t).where(inArray(t.id, due)).returning({ id: t.id });
  });
}

/**
 * Vendor drafts as manager drafts; an application waiting for its payment outlives its session (the
 * provider's webhook may still fulfil it) but not a month without change. Answers the certificates.
 */
function sweepVendorDrafts(db: Db, now: Date) {
  const t = vendorApplications;
  const staleSince = new Date(now.getTime() - DRAFT_POLICY.idleMs);
  const unpaidSince = new Date(now.getTime() - DRAFT_POLICY.paymentPendingIdleMs);
  return inBatches(() => {
    const due = db
      .select({ id: t.id })
      .from(t)
      .where(
        or(
          and(eq(t.status, 'draft'), or(isNull(t.sessionId), lt(t.updatedAt, staleSince))),
          and(eq(t.status, 'payment_pending'), lt(t.updatedAt, unpaidSince)),
        ),
      )
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db
      .delete(t)
      .where(inArray(t.id, due))
      .returning({ id: t.id, certificateKey: t.insuranceCertificateKey });
  });
}

function sweepPasswordTokens(db: Db, now: Date) {
  return inBatches(() => {
    const due = db
      .select({ id: passwordTokens.id })
      .from(passwordTokens)
      .where(lt(passwordTokens.expiresAt, now))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db
      .delete(passwordTokens)
      .where(inArray(passwordTokens.id, due))
      .returning({ id: passwordTokens.id });
  });
}

function sweepLoginAttempts(db: Db, now: Date) {
  const keptSince = new Date(now.getTime() - SWEEP_POLICY.loginAttemptsKeptMs);
  return inBatches(() => {
    const due = db
      .select({ id: loginAttempts.id })
      .from(loginAttempts)
      .where(lt(loginAttempts.createdAt, keptSince))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(loginAttempts).where(inArray(loginAttempts.id, due)).returning({ id: loginAttempts.id });
  });
}

function sweepLoginDevices(db: Db, now: Date) {
  return inBatches(() => {
    const due = db
      .select({ id: loginDevices.id })
      .from(loginDevices)
      .where(lt(loginDevices.expiresAt, now))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(loginDevices).where(inArray(loginDevices.id, due)).returning({ id: loginDevices.id });
  });
}

/** A counter whose window has ended counts as absent (the next hit restarts it), so it can go. */
function sweepRateLimits(db: Db, now: Date) {
  return inBatches(() => {
    const due = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.windowEndsAt, now))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(rateLimits).where(inArray(rateLimits.key, due)).returning({ key: rateLimits.key });
  });
}

function sweepPhoneCodes(db: Db, now: Date) {
  const keptSince = new Date(now.getTime() - SWEEP_POLICY.phoneCodesKeptMs);
  const t = phoneVerificationCodes;
  return inBatches(() => {
    const due = db
      .select({ id: t.id })
      .from(t)
      .where(lt(t.createdAt, keptSince))
      .limit(SWEEP_POLICY.batchSize)
      .for('update', skipLocked);
    return db.delete(t).where(inArray(t.id, due)).returning({ id: t.id });
  });
}

/**
 * One pass over everything that expires: sessions first (ending a session ends its drafts), then
 * drafts and the certificates they uploaded, tokens, login records, rate-limit counters and phone codes. A file
 * is deleted after its row is gone; a failed file deletion only logs (an unreferenced file is
 * harmless, a row pointing at a missing file would not be).
 */
export async function sweepExpiredRecords(
  db: Db,
  files: FileStore,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<SweepCounts> {
  const goneSessions = await sweepSessions(db, now);
  const managerDrafts = await sweepManagerDrafts(db, now);
  const vendorDrafts = await sweepVendorDrafts(db, now);
  let certificates = 0;
  for (const { certificateKey } of vendorDrafts) {
    if (!certificateKey) continue;
    try {
      await files.delete(certificateKey);
      certificates += 1;
    } catch (error) {
      log.warn({ err: error, key: certificateKey }, 'could not delete the certificate of an expired draft');
    }
  }
  return {
    sessions: goneSessions.length,
    managerDrafts: managerDrafts.length,
    vendorDrafts: vendorDrafts.length,
    certificates,
    passwordTokens: (await sweepPasswordTokens(db, now)).length,
    loginAttempts: (await sweepLoginAttempts(db, now)).length,
    loginDevices: (await sweepLoginDevices(db, now)).length,
    rateLimits: (await sweepRateLimits(db, now)).length,
    phoneCodes: (await sweepPhoneCodes(db, now)).length,
  };
}
