import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';
import { seedAuditLog } from './demo-audit-log.ts';
import { seedJobs } from './demo-jobs.ts';
import { seedOfficeRecords } from './demo-office.ts';
import { seedPeople } from './demo-people.ts';
import { seedProperties } from './demo-properties.ts';
import type { DemoFileStore } from './seed-context.ts';

export { DEMO_EMAILS, DEMO_PASSWORD } from '#server/auth/demo-accounts.ts';
export type { DemoFileStore } from './seed-context.ts';

export interface SeedOptions {
  /** The moment every seeded date is relative to; now by default. */
  now?: Date;
  /**
   * Where to put the demo pictures (floor plans, in-wall 360 photos, thumbnails, request photos).
   * Without it those rows are left out: the rest of the demo needs no files.
   */
  files?: DemoFileStore;
}

/** True when no user exists yet: a fresh database that may receive the demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const anyUser = await db.select({ id: users.id }).from(users).limit(1);
  return anyUser.length === 0;
}

/**
 * The demo data of DESIGN.md, in one transaction: accounts admin@, manager@ and vendor@demo.local
 * (password demo12345), a client with three properties and their units, floor plans with photo
 * pins, jobs in every status, bids, conversations and notifications. Expects the migrated,
 * empty database (plans come from migration 0001).
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const context = { db: tx, now: options.now ?? new Date(), files: options.files };
    const people = await seedPeople(context);
    const properties = await seedProperties(context, people.clientId);
    await seedJobs(context, people, properties);
    await seedOfficeRecords(context, people);
    await seedAuditLog(context);
  });
}
