import { type Placeholder, sql } from 'drizzle-orm';
import { maintenanceRequests as mr, requestInvitations as ri } from '#server/db/schema/requests.ts';

/**
 * The columns of a row of the jobs list, as a page selects them, its invitations included (one
 * statement a page). `onlyVendor`: a vendor learns only whether it was invited itself, never which
 * competitors were; undefined (staff) names every invited vendor.
 */
export function jobRowColumns(onlyVendor: number | Placeholder | undefined) {
  const ownOnly = onlyVendor === undefined ? sql`` : sql` and ${ri.vendorId} = ${onlyVendor}`;
  return {
    id: mr.id,
    created_at: mr.createdAt,
    service_type: mr.type,
    description: mr.description,
    status: mr.status,
    deadline: mr.bidDeadline,
    areas_affected: mr.areasAffected,
    timeframe: mr.timeframe,
    invited_vendors: sql<
      number[]
    >`(select coalesce(array_agg(${ri.vendorId} order by ${ri.vendorId}), '{}') from ${ri} where ${ri.requestId} = ${mr.id}${ownOnly})`.as(
      'invited_vendors',
    ),
    is_own_report: (onlyVendor === undefined
      ? sql<boolean>`false`
      : sql<boolean>`(${mr.createdById} = ${onlyVendor})`
    ).as('is_own_report'),
  };
}
