import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canViewRequest, seesAllBids } from '#shared/request-visibility.ts';
import { requireUser } from '../auth/guards.ts';
import { bids } from '../db/schema/bids.ts';
import { projects } from '../db/schema/projects.ts';
import { maintenanceRequests as mr, requestInvitations, requestPhotos } from '../db/schema/requests.ts';
import { users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { mayReadDocumentation } from '../documentation/documentation-access.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { roleOf } from '../lifecycle/lifecycle-access.ts';
import { requestProgress } from '../lifecycle/request-progress.ts';
import { loadViewer } from './request-viewer.ts';

const NOT_FOUND = 'Request not found.';
const DENIED = 'You do not have permission to view this request.';

/** GET /api/requests/{id}/: the request detail (signed-in spec, sections 2, 3 and 6). */
export async function requestDetailRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/requests/:id/', async (request) => {
    const user = requireUser(request);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(NOT_FOUND);
    const id = Number(request.params.id);
    const [row] = await app.db
      .select({
        request: mr,
        project: {
          id: projects.id,
          name: projects.name,
          address: projects.address,
          clientId: projects.clientId,
        },
        user: { first_name: users.firstName, last_name: users.lastName, job_title: users.jobTitle },
      })
      .from(mr)
      .innerJoin(users, eq(users.id, mr.createdById))
      .leftJoin(projects, eq(projects.id, mr.projectId))
      .where(eq(mr.id, id));
    if (!row) throw notFound(NOT_FOUND);
    const invitations = await app.db
      .select({ vendorId: requestInvitations.vendorId })
      .from(requestInvitations)
      .where(eq(requestInvitations.requestId, id));
    const visible = {
      createdById: row.request.createdById,
      projectClientId: row.project?.clientId ?? null,
      type: row.request.type,
      inviteAll: row.request.inviteAll,
      invitedVendorIds: invitations.map((i) => i.vendorId),
    };
    const viewer = await loadViewer(app.db, user);
    if (!canViewRequest(viewer, visible)) throw forbidden(DENIED);

    // A vendor sees only its own bid; the managing side and staff see them all.
    const bidRows = await app.db
      .select({
        id: bids.id,
        vendorId: bids.vendorId,
        company: vendorProfiles.companyName,
        firstName: users.firstName,
        lastName: users.lastName,
        estimated_time: bids.estimatedTime,
        estimated_time_unit: bids.estimatedTimeUnit,
        amount: bids.amount,
        status: bids.status,
      })
      .from(bids)
      .innerJoin(users, eq(users.id, bids.vendorId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
      .where(
        and(eq(bids.requestId, id), seesAllBids(viewer, visible) ? undefined : eq(bids.vendorId, user.id)),
      )
      .orderBy(asc(bids.createdAt), asc(bids.id));
    const photos = await app.db
      .select({ id: requestPhotos.id, key: requestPhotos.storageKey })
      .from(requestPhotos)
      // The vendor's completion photos belong to `completion`, not to the request as raised.
      .where(and(eq(requestPhotos.requestId, id), eq(requestPhotos.kind, 'request')))
      .orderBy(asc(requestPhotos.id));
    const awardedVendorId = bidRows.find((bid) => bid.id === row.request.awardedBidId)?.vendorId ?? null;
    const role = roleOf(viewer, {
      row: row.request,
      projectClientId: visible.projectClientId,
      awardedVendorId,
    });

    // The same rule as GET /api/projects/{id}/documentation/, so the link shows only where it opens.
    const documentationAvailable = row.project
      ? await mayReadDocumentation(app.db, user, { id: row.project.id, clientId: row.project.clientId })
      : false;

    const r = row.request;
    return {
      id: r.id,
      created_at: r.createdAt,
      status: r.status,
      type: r.type,
      timeframe: r.timeframe,
      description: r.description,
      areas_affected: r.areasAffected,
      project: row.project
        ? { id: row.project.id, name: row.project.name, address: row.project.address }
        : null,
      documentation_available: documentationAvailable,
      user: row.user,
      bidding_config: { is_open_for_bids: r.isOpenForBids, bid_deadline: r.bidDeadline },
      bids: bidRows.map(({ company, firstName, lastName, vendorId, ...bid }) => ({
        ...bid,
        // The managing side links each bid to its thread with the vendor ("Message this vendor").
        vendor_id: vendorId,
        vendor_name: company ?? `${firstName} ${lastName}`.trim(),
      })),
      // Files are served under /api/files/<key> (the storage plugin has no URL helper yet).
      photos: photos.map((photo) => ({ id: photo.id, url: `/api/files/${photo.key}` })),
      ...(await requestProgress(app.db, r, role)),
    };
  });
}
