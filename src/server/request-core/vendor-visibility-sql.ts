import { and, eq, isNotNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { maintenanceRequests as mr, requestInvitations } from '#server/db/schema/requests.ts';

/**
 * The SQL form of the visibility rule (src/shared/request-visibility.ts) for a vendor that is not
 * staff, on a query over `maintenance_requests`: it reported the work itself, it is invited, or the
 * request is open to vendors (not a vendor's report still held for its managers) and either open to
 * all or in its trades (`inTrades`: the caller's form of the trade test, or undefined for a vendor
 * with none). The jobs list and the bid's one statement use it.
 */
export function vendorSeesRequest(vendorId: number | Placeholder | SQL, inTrades: SQL | undefined): SQL {
  const invited = sql`exists (select 1 from ${requestInvitations} where ${requestInvitations.requestId} = ${mr.id} and ${requestInvitations.vendorId} = ${vendorId})`;
  return or(
    eq(mr.createdById, vendorId),
    invited,
    and(isNotNull(mr.openedToVendorsAt), or(eq(mr.inviteAll, true), inTrades)),
  )!;
}
