import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { type CachedJson, type FreshAnswer, sendCached } from '#server/cache/cached-answer.ts';
import { CachedRead } from '#server/cache/cached-read.ts';
import { type ReadDep, readDep } from '#server/cache/read-deps.ts';
import { forbidden, notFound } from '#server/http/http-error.ts';
import { errorResponses, notModified } from '#server/http/route-schemas.ts';
import { mayEditDocumentation } from '#server/request-core/documentation-access.ts';
import { roleOf } from '#server/request-core/lifecycle-access.ts';
import { pricedBody } from '#server/request-core/priced-bid.ts';
import { fileUrl, requestProgress } from '#server/request-core/request-progress.ts';
import { requestViewer } from '#server/request-core/request-viewer.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { requestDetailSchema } from '#shared/request-responses.ts';
import { canViewRequest, managesRequest, type VisibilityViewer } from '#shared/request-visibility.ts';
import { loadRequestDetail, type RequestDetailRow } from './request-detail-query.ts';
import { loadRequestSpot } from './request-spot-store.ts';

const NOT_FOUND = 'Request not found.';
const DENIED = 'You do not have permission to view this request.';

/** GET /api/requests/{id}/: the request detail (signed-in spec, sections 2, 3 and 6). */
export async function requestDetailRoutes(app: FastifyInstance): Promise<void> {
  // Kept per asker and request while nothing the answer shows has changed (detailDeps), so the
  // detail a vendor returns to costs no query; who may see what is decided once, when it is read.
  const details = new CachedRead<CachedJson>('request detail', app.changeFeed.versions, 10_000);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'A request as the asker may see it: bids, photos, timeline and what the asker may do next',
    params: idParamsSchema,
    response: { ...errorResponses, 200: requestDetailSchema, 304: notModified },
  };
  const options = {
    schema,
    preValidation: checkFirst(requireUser),
    config: { notFound: { detail: NOT_FOUND } },
  };
  api.get('/api/requests/:id/', options, async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params;
    const viewer = await requestViewer(request);
    // The asker as every rule below reads it: identity, role, client, staff flags and trades.
    const key = { asker: viewer, query: [id] };
    return sendCached(request, reply, details, key, () => answerDetail(app, user, viewer, id));
  });
}

/** Everything the detail shows: the request and its parts, its property, the people named. */
function detailDeps(detail: RequestDetailRow, askerId: number): ReadDep[] {
  const people = new Set<number>([askerId, detail.request.createdById]);
  for (const bid of detail.bids) people.add(bid.vendorId);
  for (const vendor of detail.invitedVendors) people.add(vendor.id);
  for (const step of detail.steps) if (step.changedById !== null) people.add(step.changedById);
  return [
    readDep.request(detail.request.id),
    // Whether the asker holds an accepted bid on the property (the documentation link).
    readDep.vendorBids(askerId),
    ...(detail.project ? [readDep.property(detail.project.id)] : []),
    ...[...people].map(readDep.user),
  ];
}

async function answerDetail(
  app: FastifyInstance,
  user: UserRow,
  viewer: VisibilityViewer,
  id: number,
): Promise<FreshAnswer> {
  const detail = await loadRequestDetail(app.db, id, user.id);
  if (!detail) throw notFound(NOT_FOUND);
  // The visibility rule first (detailBody refuses), then the plan excerpt that every reader may see
  //; its layout and photos carry the property's tag, which detailDeps names.
  const body = detailBody(detail, user, viewer);
  return { body: { ...body, spot: await loadRequestSpot(app.db, id) }, deps: detailDeps(detail, user.id) };
}

function detailBody(detail: RequestDetailRow, user: UserRow, viewer: VisibilityViewer) {
  const r = detail.request;
  const visible = {
    createdById: r.createdById,
    projectClientId: detail.project?.clientId ?? null,
    type: r.type,
    inviteAll: r.inviteAll,
    invitedVendorIds: detail.invited,
    openToVendors: r.openedToVendorsAt !== null,
  };
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
    priority: r.priority,
    // Whose form raised it: a manager's sets the priority and unit, a vendor's the timeframe.
    raised_by: detail.creatorType === 'vendor' ? ('vendor' as const) : ('manager' as const),
    unit: detail.unitNumber,
    unit_id: detail.unitNumber === null ? null : r.unitId,
    description: r.description,
    areas_affected: r.areasAffected,
    project: detail.project
      ? {
          id: detail.project.id,
          name: detail.project.name,
          address: detail.project.address,
          city: detail.project.city,
          time_zone: detail.project.timeZone,
          latitude: detail.project.latitude,
          longitude: detail.project.longitude,
        }
      : null,
    documentation_available: documentationAvailable,
    // The asking vendor reported this work itself: it may not bid on it (the app shows "You reported this").
    is_own_report: user.type === 'vendor' && r.createdById === user.id,
    is_open_to_vendors: visible.openToVendors,
    invite_all: r.inviteAll,
    // Whom the managers asked and whether each has bid: theirs to follow up, no vendor's to read.
    invited_vendors: managing
      ? detail.invitedVendors.map((vendor) => ({
          id: vendor.id,
          name: vendor.name,
          bid_status: named.find((bid) => bid.vendorId === vendor.id)?.status ?? null,
        }))
      : null,
    user: otherVendorsReport ? { first_name: '', last_name: '', job_title: '' } : detail.user,
    bidding_config: { is_open_for_bids: r.isOpenForBids, bid_deadline: r.bidDeadline },
    bids: shownBids.map((bid) => ({
      id: bid.id,
      version: bid.version,
      estimated_time: bid.estimatedTime,
      estimated_time_unit: bid.estimatedTimeUnit,
      amount: bid.amount,
      status: bid.status,
      // The managing side links each bid to its thread with the vendor ("Message this vendor").
      vendor_id: bid.vendorId,
      vendor_name: bid.vendorName,
      // A bid's terms (warranty, inclusions, exclusions) and start date are the managers' to weigh
      // before the award; a vendor sees its own bid through GET /api/bids/{id}/.
      ...(managing
        ? { notes: bid.notes, proposed_start_date: new Date(bid.proposedStartDate).toISOString() }
        : {}),
      ...pricedBody(bid),
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
}
