import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import type { VendorDraft } from '#shared/vendor-application.ts';
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

/**
 * The open application as a reloaded wizard reads it: the company step's fields once saved, the
 * certificate on file, the plan submitted, and the step to go on from.
 */
export function vendorDraftAnswer(row: VendorApplicationRow | null): VendorDraft {
  if (!row) return { step: 0, fields: {}, insurance_certificate: null, plan_id: null };
  const companySaved = row.vendorName !== '';
  const certificate =
    row.insuranceCertificateKey &&
    row.insuranceCertificateContentType &&
    row.insuranceCertificateSize !== null
      ? {
          content_type: row.insuranceCertificateContentType,
          size: row.insuranceCertificateSize,
          expires_on: row.insuranceExpiresOn,
        }
      : null;
  const planId = row.status === 'payment_pending' ? row.planId : null;
  let step = 0;
  if (companySaved) step = certificate ? (planId !== null ? 3 : 2) : 1;
  return {
    step,
    // The payload's values are the columns' own types, which are the schema's (the route serializes by it).
    fields: (companySaved ? vendorDraftPayload(row) : {}) as VendorDraft['fields'],
    insurance_certificate: certificate,
    plan_id: planId,
  };
}
