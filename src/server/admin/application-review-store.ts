import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { withdrawBidsOfVendor } from '#server/bids/vendor-bid-withdrawal.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { clients } from '#server/db/schema/clients.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type {
  ApplicationKind,
  ApplicationListItem,
  ApplicationStatus,
  ManagerApplicationDetail,
  VendorApplicationDetail,
} from '#shared/admin-applications.ts';
import type { ListPage } from '#shared/list-query.ts';
import type { Applicant } from './application-review-mails.ts';

// The two application tables as staff review them: one list shape, a detail per kind, decisions.

export const PAGE_SIZE = 10;

const tables = { managers: propertyManagerApplications, vendors: vendorApplications } as const;

/** The table's own column, as text, for a list filter (both tables name it status). */
function statusFilter(kind: ApplicationKind, status: ApplicationStatus | undefined): SQL | undefined {
  const column = tables[kind].status;
  // Drafts are half-filled wizards of anonymous visitors: listed only when asked for.
  return status ? sql`${column} = ${status}` : ne(column, 'draft');
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function listApplications(
  db: DbOrTx,
  kind: ApplicationKind,
  status: ApplicationStatus | undefined,
  page: number,
): Promise<ListPage<ApplicationListItem>> {
  const table = tables[kind];
  const where = statusFilter(kind, status);
  const company =
    kind === 'managers' ? propertyManagerApplications.companyName : vendorApplications.vendorName;
  return readListPage(
    db.select({ total: count() }).from(table).where(where),
    db
      .select({
        id: table.id,
        status: table.status,
        company,
        firstName: table.firstName,
        lastName: table.lastName,
        email: table.email,
        submittedAt: table.submittedAt,
        createdAt: table.createdAt,
      })
      .from(table)
      .where(where)
      // Newest first; drafts have no submission time, so they sort by creation.
      .orderBy(desc(sql`coalesce(${table.submittedAt}, ${table.createdAt})`), desc(table.id)),
    { page, pageSize: PAGE_SIZE },
    (row) => ({
      id: row.id,
      status: row.status,
      company: row.company,
      contact: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      submitted_at: iso(row.submittedAt),
      created_at: row.createdAt.toISOString(),
    }),
  );
}

const reviewerName = sql<
  string | null
>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = reviewed_by_id)`;
const reviewerEmail = sql<string | null>`(select u.email from users u where u.id = reviewed_by_id)`;

export async function findManagerApplication(
  db: DbOrTx,
  id: number,
): Promise<ManagerApplicationDetail | null> {
  const a = propertyManagerApplications;
  const [row] = await db
    .select({ application: a, userIsActive: users.isActive, reviewerName, reviewerEmail })
    .from(a)
    .leftJoin(users, eq(users.id, a.userId))
    .where(eq(a.id, id));
  if (!row) return null;
  const { application: r } = row;
  return {
    kind: 'managers',
    id: r.id,
    status: r.status,
    building_name: r.buildingName,
    building_address: r.buildingAddress,
    office_phone: r.officePhone,
    ein: r.ein,
    total_employees: r.totalEmployees,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    job_title: r.jobTitle,
    company_name: r.companyName,
    company_address: r.companyAddress,
    company_logo: r.companyLogo,
    client_id: r.clientId,
    user_id: r.userId,
    user_is_active: row.userIsActive,
    submitted_at: iso(r.submittedAt),
    created_at: r.createdAt.toISOString(),
    reviewed_at: iso(r.reviewedAt),
    reviewed_by: row.reviewerName ?? row.reviewerEmail,
    review_note: r.reviewNote,
  };
}

export async function findVendorApplication(db: DbOrTx, id: number): Promise<VendorApplicationDetail | null> {
  const a = vendorApplications;
  const [row] = await db
    .select({
      application: a,
      userIsActive: users.isActive,
      reviewerName,
      reviewerEmail,
      plan: { id: plans.id, name: plans.name, price: plans.price, frequency: plans.frequency },
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.userId))
    .leftJoin(plans, eq(plans.id, a.planId))
    .where(eq(a.id, id));
  if (!row) return null;
  const { application: r } = row;
  const [subscription] = r.userId
    ? await db
        .select({
          status: subscriptions.status,
          provider: subscriptions.provider,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, r.userId))
        .orderBy(desc(subscriptions.id))
        .limit(1)
    : [];
  return {
    kind: 'vendors',
    id: r.id,
    status: r.status,
    vendor_name: r.vendorName,
    total_employees: r.totalEmployees,
    ein: r.ein,
    registered_state: r.registeredState,
    industry: r.industry,
    address: r.address,
    first_name: r.firstName,
    last_name: r.lastName,
    job_title: r.jobTitle,
    phone: r.phone,
    email: r.email,
    insurance_certificate_url: r.insuranceCertificateKey ? `/api/files/${r.insuranceCertificateKey}` : null,
    insurance_certificate_content_type: r.insuranceCertificateContentType,
    insurance_certificate_size: r.insuranceCertificateSize,
    insurance_expires_on: r.insuranceExpiresOn,
    plan: row.plan?.id ? row.plan : null,
    subscription: subscription
      ? {
          status: subscription.status,
          provider: subscription.provider,
          current_period_end: iso(subscription.currentPeriodEnd),
        }
      : null,
    confirmation_number: r.confirmationNumber,
    paid_at: iso(r.paidAt),
    user_id: r.userId,
    user_is_active: row.userIsActive,
    submitted_at: iso(r.submittedAt),
    created_at: r.createdAt.toISOString(),
    reviewed_at: iso(r.reviewedAt),
    reviewed_by: row.reviewerName ?? row.reviewerEmail,
    review_note: r.reviewNote,
  };
}

export type Decision = { outcome: 'approved' } | { outcome: 'rejected'; reason: string };

/**
 * Moves a reviewable application (`from`) to approved or rejected, recording who and when, in one
 * statement guarded by the status so two staff deciding at once cannot both win. Approving a vendor
 * application makes its vendor live (vendor_profiles.approved_at, kept if it was approved before).
 * A rejection deactivates the account made with the application (and a manager's company), which
 * ends its sessions: the session check refuses inactive users; a rejected vendor's pending bids are
 * withdrawn. Run it in a transaction: all of it holds or none. Answers the applicant to mail, or
 * the status the application had instead (null: no such application).
 */
export async function decideApplication(
  db: DbOrTx,
  kind: ApplicationKind,
  id: number,
  from: ApplicationStatus,
  reviewerId: number,
  decision: Decision,
): Promise<{ applicant: Applicant } | { conflict: ApplicationStatus } | null> {
  const table = tables[kind];
  const company =
    kind === 'managers' ? propertyManagerApplications.companyName : vendorApplications.vendorName;
  const changes = {
    status: decision.outcome,
    reviewedAt: sql`now()`,
    reviewedById: reviewerId,
    reviewNote: decision.outcome === 'rejected' ? decision.reason : '',
    updatedAt: sql`now()`,
  };
  const [updated] = await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, id), sql`${table.status} = ${from}`))
    .returning({
      email: table.email,
      firstName: table.firstName,
      company,
      userId: table.userId,
      clientId: kind === 'managers' ? propertyManagerApplications.clientId : sql<null>`null`,
    });
  if (!updated) {
    const [current] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
    return current ? { conflict: current.status } : null;
  }
  if (decision.outcome === 'approved' && kind === 'vendors' && updated.userId !== null) {
    await db
      .update(vendorProfiles)
      .set({ approvedAt: sql`coalesce(${vendorProfiles.approvedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(vendorProfiles.userId, updated.userId));
  }
  if (decision.outcome === 'rejected') {
    if (updated.userId !== null) {
      await db.update(users).set({ isActive: false }).where(eq(users.id, updated.userId));
      if (kind === 'vendors') await withdrawBidsOfVendor(db, updated.userId);
    }
    if (updated.clientId !== null) {
      await db.update(clients).set({ isActive: false }).where(eq(clients.id, updated.clientId));
    }
  }
  return {
    applicant: { email: updated.email, firstName: updated.firstName, company: updated.company, kind },
  };
}
