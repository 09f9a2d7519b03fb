import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import type { HistoryStep } from '#server/request-core/timeline-view.ts';
import type { BidOption, LineItem } from '#shared/bid-line-items.ts';
import type { TimeUnit } from '#shared/statuses.ts';

/**
 * Everything GET /api/requests/{id}/ may show, in one round trip (the detail took nine
 * queries and served 1–2% of the server's ceiling). The request row, its property, unit and creator, and
 * as JSON sub-selects on their own indexes: invitations, every bid, the photos of both kinds, the
 * history and whether the asker holds an accepted bid on the property. Whoever may see what is
 * decided afterwards in request-detail-routes.ts; a bid or note read here is never answered to an
 * asker the rules keep it from.
 */
export interface DetailBid {
  id: number;
  version: number;
  vendorId: number;
  company: string | null;
  firstName: string;
  lastName: string;
  estimatedTime: number;
  estimatedTimeUnit: TimeUnit;
  amount: number;
  status: string;
  notes: string;
  proposedStartDate: string;
  decidedAt: string | null;
  lineItems: LineItem[];
  options: BidOption[];
  awardedOption: number | null;
}

interface DetailPhoto {
  id: number;
  key: string;
  kind: 'request' | 'completion';
}

/** An invited vendor with its shown name (vendors/vendor-name.ts: the company, else the person). */
interface InvitedRow {
  id: number;
  name: string;
}

interface RawStep extends Omit<HistoryStep, 'when'> {
  when: string;
}

export async function loadRequestDetail(db: DbOrTx, id: number, askerId: number) {
  const [row] = await db
    .select({
      request: mr,
      project: {
        id: projects.id,
        name: projects.name,
        address: projects.address,
        city: projects.city,
        timeZone: projects.timeZone,
        latitude: projects.latitude,
        longitude: projects.longitude,
        clientId: projects.clientId,
      },
      unitNumber: units.number,
      user: { first_name: users.firstName, last_name: users.lastName, job_title: users.jobTitle },
      creatorType: users.type,
      invited: sql<InvitedRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', i.vendor_id, 'name', coalesce(ivp.company_name, trim(iu.first_name || ' ' || iu.last_name))
        ) order by i.created_at, i.vendor_id)
        from request_invitations i join users iu on iu.id = i.vendor_id
        left join vendor_profiles ivp on ivp.user_id = i.vendor_id
        where i.request_id = ${mr.id}
      ), '[]')`,
      bids: sql<DetailBid[]>`coalesce((
        select json_agg(json_build_object(
          'id', b.id, 'version', b.version, 'vendorId', b.vendor_id, 'company', vp.company_name, 'firstName', bu.first_name,
          'lastName', bu.last_name, 'estimatedTime', b.estimated_time, 'estimatedTimeUnit', b.estimated_time_unit,
          'amount', b.amount, 'status', b.status, 'notes', b.notes, 'proposedStartDate', b.proposed_start_date,
          'decidedAt', b.decided_at, 'lineItems', b.line_items, 'options', b.options,
          'awardedOption', b.awarded_option
        ) order by b.created_at, b.id)
        from bids b join users bu on bu.id = b.vendor_id left join vendor_profiles vp on vp.user_id = b.vendor_id
        where b.request_id = ${mr.id}
      ), '[]')`,
      photos: sql<DetailPhoto[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'key', p.storage_key, 'kind', p.kind) order by p.id)
        from request_photos p where p.request_id = ${mr.id}
      ), '[]')`,
      steps: sql<RawStep[]>`coalesce((
        select json_agg(json_build_object(
          'event', h.event, 'from', h.from_status, 'to', h.to_status, 'changedById', h.changed_by_id,
          'changerName', trim(hu.first_name || ' ' || hu.last_name), 'changerType', hu.type,
          'when', h.created_at, 'note', h.note
        ) order by h.created_at, h.id)
        from request_status_history h left join users hu on hu.id = h.changed_by_id
        where h.request_id = ${mr.id}
      ), '[]')`,
      askerHoldsAcceptedBid: sql<boolean>`exists (
        select 1 from bids ab join maintenance_requests ar on ar.id = ab.request_id
        where ab.vendor_id = ${askerId} and ab.status = 'accepted' and ar.project_id = ${mr.projectId}
      )`,
    })
    .from(mr)
    .innerJoin(users, eq(users.id, mr.createdById))
    .leftJoin(projects, eq(projects.id, mr.projectId))
    .leftJoin(units, eq(units.id, mr.unitId))
    .where(eq(mr.id, id));
  if (!row) return null;
  return {
    ...row,
    invited: row.invited.map((vendor) => vendor.id),
    invitedVendors: row.invited,
    // JSON carries numerics and times as text: back to the types the answer always had.
    bids: row.bids.map((bid) => ({ ...bid, estimatedTime: Number(bid.estimatedTime) })),
    steps: row.steps.map((step): HistoryStep => ({ ...step, when: new Date(step.when) })),
  };
}

export type RequestDetailRow = NonNullable<Awaited<ReturnType<typeof loadRequestDetail>>>;
