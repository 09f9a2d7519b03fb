import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { propertyManagerApplications } from '#server/db/schema/applications.ts';
import type { ManagerDraft } from '#shared/manager-application.ts';
import { createWithinDraftLimit, type DraftOwner } from './draft-policy.ts';

export type ManagerApplicationRow = typeof propertyManagerApplications.$inferSelect;
type Changes = Partial<typeof propertyManagerApplications.$inferInsert>;

export async function findManagerDraft(db: Db, sessionId: string): Promise<ManagerApplicationRow | null> {
  const [row] = await db
    .select()
    .from(propertyManagerApplications)
    .where(
      and(
        eq(propertyManagerApplications.sessionId, sessionId),
        eq(propertyManagerApplications.status, 'draft'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Saves one step into the session's draft, creating the draft on the first save (within the
 * per-address limit of draft-policy.ts).
 */
export async function saveManagerDraft(db: Db, owner: DraftOwner, changes: Changes): Promise<void> {
  const updated = await db
    .update(propertyManagerApplications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(propertyManagerApplications.sessionId, owner.sessionId),
        eq(propertyManagerApplications.status, 'draft'),
      ),
    )
    .returning({ id: propertyManagerApplications.id });
  if (updated.length > 0) return;
  // Two first saves at once: the one-draft-per-session index keeps one row; the loser updates it.
  const inserted = await createWithinDraftLimit(db, owner, (tx) =>
    tx
      .insert(propertyManagerApplications)
      .values({ ...changes, sessionId: owner.sessionId })
      .onConflictDoNothing()
      .returning({ id: propertyManagerApplications.id }),
  );
  if (inserted.length === 0) await saveManagerDraft(db, owner, changes);
}

/** The draft's fields as the wizard's payload names, for the submit-time check. */
export function managerDraftPayload(row: ManagerApplicationRow | null): Record<string, unknown> {
  if (!row) return {};
  return {
    building_name: row.buildingName,
    building_address: row.buildingAddress,
    office_phone: row.officePhone,
    ein: row.ein,
    total_employees: row.totalEmployees ?? undefined,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    job_title: row.jobTitle,
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_logo: row.companyLogo,
  };
}

/** Each step's fields; a step is saved once its required first field is not empty (a save checks all). */
const MANAGER_STEP_FIELDS = [
  ['building_name', 'building_address', 'office_phone', 'ein', 'total_employees'],
  ['first_name', 'last_name', 'email', 'phone', 'job_title'],
  ['company_name', 'company_address', 'company_logo'],
] as const;

/**
 * The draft as a reloaded wizard reads it: the saved steps' fields, and the first step not saved
 * (the review, 3, once all are).
 */
export function managerDraftAnswer(row: ManagerApplicationRow | null): ManagerDraft {
  const payload = managerDraftPayload(row);
  const fields: Record<string, unknown> = {};
  let step = 0;
  for (const [index, names] of MANAGER_STEP_FIELDS.entries()) {
    const first = payload[names[0]];
    if (first === null || first === undefined || first === '') continue;
    for (const name of names) fields[name] = payload[name] ?? null;
    if (step === index) step = index + 1;
  }
  // The payload's values are the columns' own types, which are the schema's (the route serializes by it).
  return { step, fields } as ManagerDraft;
}
