import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { vendorApplications } from '../db/schema/applications.ts';
import { createWithinDraftLimit, type DraftOwner } from './draft-policy.ts';

export type VendorApplicationRow = typeof vendorApplications.$inferSelect;
type Changes = Partial<typeof vendorApplications.$inferInsert>;

/**
 * The session's open application: a draft, or one submitted whose payment has not arrived yet (the
 * visitor may come back from the checkout, change a step and submit again).
 */
const OPEN_STATUSES = ['draft', 'payment_pending'] as const;

const openFor = (sessionId: string) =>
  and(eq(vendorApplications.sessionId, sessionId), inArray(vendorApplications.status, OPEN_STATUSES));

export async function findVendorApplication(db: Db, sessionId: string): Promise<VendorApplicationRow | null> {
  const [row] = await db
    .select()
    .from(vendorApplications)
    .where(openFor(sessionId))
    .orderBy(desc(vendorApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * Saves one step into the session's open application, creating a draft on the first save (within
 * the per-address limit of draft-policy.ts).
 */
export async function saveVendorDraft(
  db: Db,
  owner: DraftOwner,
  changes: Changes,
): Promise<VendorApplicationRow> {
  const [updated] = await db
    .update(vendorApplications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(openFor(owner.sessionId))
    .returning();
  if (updated) return updated;
  // Two first saves at once: the one-draft-per-session index keeps one row; the loser updates it.
  const [inserted] = await createWithinDraftLimit(db, owner, (tx) =>
    tx
      .insert(vendorApplications)
      .values({ ...changes, sessionId: owner.sessionId })
      .onConflictDoNothing()
      .returning(),
  );
  return inserted ?? saveVendorDraft(db, owner, changes);
}

/** The company step's fields as the wizard's payload names, for the submit-time check. */
export function vendorDraftPayload(row: VendorApplicationRow | null): Record<string, unknown> {
  if (!row) return {};
  return {
    vendor_name: row.vendorName,
    total_employees: row.totalEmployees ?? undefined,
    ein: row.ein,
    registered_state: row.registeredState,
    industry: row.industry,
    address: row.address,
    first_name: row.firstName,
    last_name: row.lastName,
    job_title: row.jobTitle,
    phone: row.phone,
    email: row.email,
  };
}
