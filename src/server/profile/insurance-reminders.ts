import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '#server/db/database.ts';
import { insuranceReminders } from '#server/db/schema/insurance-reminders.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { type NewNotification, notify } from '#server/notifications/notify.ts';
import { runPeriodically } from '#server/schedule/periodic-task.ts';
import { formatDate } from '#shared/date-display.ts';

/** Reminders go out this many days before a certificate's last day (the nearer one once past the other). */
export const INSURANCE_REMINDER_DAYS = [30, 7] as const;

export const INSURANCE_REMINDER_POLICY = { firstPassMs: 60_000, everyMs: 60 * 60_000 } as const;

const DAY_MS = 24 * 60 * 60_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** Certificate dates are calendar days; days are counted in UTC, as isInsuranceExpired does. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const shown = (day: string) => formatDate(`${day}T12:00:00Z`, 'UTC');

export function insuranceExpiryNotice(
  vendorId: number,
  expiresOn: string,
  daysLeft: number,
): NewNotification {
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    userId: vendorId,
    kind: 'insurance',
    title: `Insurance expires ${when}`,
    message: `Your insurance certificate expires on ${shown(expiresOn)}. Upload your renewed certificate in Settings, Insurance, so property managers keep seeing you as insured.`,
  };
}

/** The notice of a certificate a vendor just uploaded: its date, and that reminders will follow. */
export function newCertificateNotice(vendorId: number, expiresOn: string): NewNotification {
  return {
    userId: vendorId,
    kind: 'insurance',
    title: 'Insurance certificate updated',
    message: `Your new insurance certificate is on file, valid through ${shown(expiresOn)}. We will remind you 30 and 7 days before it expires.`,
  };
}

/**
 * One check of every active vendor's certificate: one expiring within 30 days gets its 30-day
 * reminder, within 7 days its 7-day one (a certificate uploaded with 10 days left gets only the
 * 30-day one until 7 are left). The reminder's row and its notification commit together, and the
 * row's key (vendor, expiry date, threshold) makes each go out once whichever process checks and
 * however often; a renewed certificate has a new date and so new reminders.
 */
export async function remindOfInsuranceExpiry(db: Db, now: Date = new Date()): Promise<number> {
  const today = dayOf(now);
  const horizon = dayOf(new Date(now.getTime() + INSURANCE_REMINDER_DAYS[0] * DAY_MS));
  const expiring = await db
    .select({ vendorId: vendorProfiles.userId, expiresOn: vendorProfiles.insuranceExpiresOn })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.type, 'vendor'),
        gte(vendorProfiles.insuranceExpiresOn, today),
        lte(vendorProfiles.insuranceExpiresOn, horizon),
      ),
    );
  let sent = 0;
  for (const { vendorId, expiresOn } of expiring) {
    if (expiresOn === null) continue;
    const daysLeft = daysBetween(today, expiresOn);
    const threshold = [...INSURANCE_REMINDER_DAYS].reverse().find((days) => daysLeft <= days);
    if (threshold === undefined) continue;
    await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(insuranceReminders)
        .values({ vendorId, expiresOn, daysBefore: threshold })
        .onConflictDoNothing()
        .returning({ vendorId: insuranceReminders.vendorId });
      if (fresh.length === 0) return;
      await notify(tx, [insuranceExpiryNotice(vendorId, expiresOn, daysLeft)]);
      sent += 1;
    });
  }
  return sent;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the insurance expiry check now (tests; `now` moves the calendar). */
    remindOfInsuranceExpiry(options?: { now?: Date }): Promise<number>;
  }
}

/** The check runs a minute after start and then hourly in every process (the reminder rows keep it once). */
export const insuranceReminderPlugin = fp(async (app: FastifyInstance, options: { run?: boolean }) => {
  const run = runPeriodically(app, {
    name: 'insurance-expiry-check',
    firstMs: INSURANCE_REMINDER_POLICY.firstPassMs,
    everyMs: INSURANCE_REMINDER_POLICY.everyMs,
    enabled: options.run !== false,
    run: (runOptions) => remindOfInsuranceExpiry(app.db, runOptions.now),
  });
  app.decorate('remindOfInsuranceExpiry', run);
});
