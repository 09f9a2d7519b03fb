import type { FastifyInstance } from 'fastify';
import { canViewRequest, managesRequest } from '#shared/request-visibility.ts';
import { requireUser } from '../auth/guards.ts';
import { mayEditDocumentation } from '../documentation/documentation-access.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { roleOf } from '../lifecycle/lifecycle-access.ts';
import { fileUrl, requestProgress } from '../lifecycle/request-progress.ts';
import { loadRequestDetail } from './request-detail-query.ts';
import { requestViewer } from './request-viewer.ts';

const NOT_FOUND = 'Request not found.';
const DENIED = 'You do not have permission to view this request.';

/** GET /api/requests/{id}/: the request detail (signed-in spec, sections 2, 3 and 6). */
export async function requestDetailRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/requests/:id/', async (request) => {
    const user = requireUser(request);
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(NOT_FOUND);
    const detail = await loadRequestDetail(app.db, Number(request.params.id), user.id);
    if (!detail) throw notFound(NOT_FOUND);
    const r = detail.request;
    const visible = {
      createdById: r.createdById,
      projectClientId: detail.project?.clientId ?? null,
      type: r.type,
      inviteAll: r.inviteAll,
      invitedVendorIds: detail.invited,
    };
    const viewer = await requestViewer(request);
    if (!canViewRequest(viewer, visible)) throw forbidden(DENIED);

    // A vendor (the one that reported the work too) sees only its own bid; the managing side all.
    const managing = managesRequest(viewer, visible);
    const named = detail.bids.map((bid) => ({
      ...bid,
      vendorName: bid.company ?? `${bid.firstName} ${bid.lastName}`.trim(),
    }));
    const shownBids = managing ? named : named.filter((bid) => bid.vendorId === user.id);
    const awardedVendorId = named.find((bid) => bid.id === r.awardedBidId)?.vendorId ?? null;
    const role = roleOf(viewer, { row: r, projectClientId: visible.projectClientId, awardedVendorId });

    // The same rule as GET /api/projects/{id}/documentation/, so the link shows only where it opens.
    const documentationAvailable =
      detail.project !== null &&
      (mayEditDocumentation(user, { id: detail.project.id, clientId: detail.project.clientId }) ||
        (user.type === 'vendor' && detail.askerHoldsAcceptedBid));

    // No vendor learns who another vendor is: a competitor reported this work.
    const otherVendorsReport = !managing && detail.creatorType === 'vendor' && r.createdById !== user.id;
    return {
      id: r.id,
      created_at: r.createdAt,
      status: r.status,
      type: r.type,
      timeframe: r.timeframe,
      description: r.description,
      areas_affected: r.areasAffected,
      project: detail.project
        ? { id: detail.project.id, name: detail.project.name, address: detail.project.address }
        : null,
      documentation_available: documentationAvailable,
      user: otherVendorsReport ? { first_name: '', last_name: '', job_title: '' } : detail.user,
      bidding_config: { is_open_for_bids: r.isOpenForBids, bid_deadline: r.bidDeadline },
      bids: shownBids.map((bid) => ({
        id: bid.id,
        estimated_time: bid.estimatedTime,
        estimated_time_unit: bid.estimatedTimeUnit,
        amount: bid.amount,
        status: bid.status,
        // The managing side links each bid to its thread with the vendor ("Message this vendor").
        vendor_id: bid.vendorId,
        vendor_name: bid.vendorName,
      })),
      // The vendor's completion photos belong to `completion`, not to the request as raised.
      photos: detail.photos
        .filter((photo) => photo.kind === 'request')
        .map((photo) => ({ id: photo.id, url: fileUrl(photo.key) })),
      ...requestProgress(
        {
          row: r,
          steps: detail.steps,
          bids: named,
          completionPhotos: detail.photos.filter((photo) => photo.kind === 'completion'),
        },
        role,
        user.id,
      ),
    };
  });
}
