import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import {
  DASHBOARD_TAB_LIMIT,
  type VendorDashboard,
  type VendorDashboardItem,
} from '#shared/vendor-dashboard.ts';

// The vendor dashboard (GET /api/vendor/dashboard/) as read from the vendor's own bids.

/** The three tabs, each a bid status on a request status (src/shared/vendor-dashboard.ts). */
const TABS = {
  active_bids: and(eq(bids.status, 'pending'), eq(mr.status, 'open')),
  current_jobs: and(eq(bids.status, 'accepted'), eq(mr.status, 'in_progress')),
  completed_jobs: and(eq(bids.status, 'accepted'), eq(mr.status, 'completed')),
} satisfies Record<string, SQL | undefined>;

/**
 * What a bid is worth to its vendor: the awarded option's amount when the manager awarded one of its
 * options (bids.awarded_option, 1 to 3), else the bid's own amount (which, with options, is option 1's).
 */
const awardedAmount = sql<number>`coalesce((${bids.options} -> (${bids.awardedOption} - 1) ->> 'amount')::int, ${bids.amount})`;

async function tab(db: DbOrTx, vendorId: number, condition: SQL | undefined): Promise<VendorDashboardItem[]> {
  const rows = await db
    .select({
      bid_id: bids.id,
      request_id: mr.id,
      service_type: mr.type,
      description: mr.description,
      project_name: projects.name,
      request_status: mr.status,
      bid_status: bids.status,
      amount: awardedAmount,
      estimated_time: bids.estimatedTime,
      estimated_time_unit: bids.estimatedTimeUnit,
      proposed_start_date: bids.proposedStartDate,
      created_at: bids.createdAt,
      deadline: mr.bidDeadline,
      completed_at: mr.completedAt,
    })
    .from(bids)
    .innerJoin(mr, eq(mr.id, bids.requestId))
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .where(and(eq(bids.vendorId, vendorId), condition))
    // Completed jobs newest-confirmed first; the others by the bid's age.
    .orderBy(desc(sql`coalesce(${mr.completedAt}, ${bids.createdAt})`), desc(bids.id))
    .limit(DASHBOARD_TAB_LIMIT);
  return rows.map((row) => ({
    ...row,
    estimated_time: Number(row.estimated_time),
    proposed_start_date: row.proposed_start_date.toISOString(),
    created_at: row.created_at.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    completed_at: row.completed_at?.toISOString() ?? null,
  }));
}

/** The stat cards and the newest of each tab. */
export async function loadVendorDashboard(
  db: DbOrTx,
  vendorId: number,
): Promise<Omit<VendorDashboard, 'approval'>> {
  const countOf = (condition: SQL | undefined) =>
    sql<number>`cast(${count()} filter (where ${condition}) as int)`;
  const [totals] = await db
    .select({
      active_bids: countOf(TABS.active_bids),
      awarded_jobs: countOf(TABS.current_jobs),
      jobs_completed: countOf(TABS.completed_jobs),
      total_earnings: sql<string | null>`sum(${awardedAmount}) filter (where ${TABS.completed_jobs})`,
    })
    .from(bids)
    .innerJoin(mr, eq(mr.id, bids.requestId))
    .where(eq(bids.vendorId, vendorId));
  const [activeBids, currentJobs, completedJobs] = await Promise.all([
    tab(db, vendorId, TABS.active_bids),
    tab(db, vendorId, TABS.current_jobs),
    tab(db, vendorId, TABS.completed_jobs),
  ]);
  return {
    stats: {
      active_bids: Number(totals?.active_bids ?? 0),
      awarded_jobs: Number(totals?.awarded_jobs ?? 0),
      total_earnings: Number(totals?.total_earnings ?? 0),
      jobs_completed: Number(totals?.jobs_completed ?? 0),
    },
    active_bids: activeBids,
    current_jobs: currentJobs,
    completed_jobs: completedJobs,
  };
}
