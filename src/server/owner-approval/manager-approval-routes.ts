import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import type { DbOrTx, Tx } from '#server/db/db-or-tx.ts';
import {
  ownerApprovalEvents,
  ownerApprovalLinks,
  ownerApprovals,
} from '#server/db/schema/owner-approvals.ts';
import { forbidden, HttpError } from '#server/http/http-error.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import { applyAward, awardAdvanceAs, chosenOption } from '#server/lifecycle/award-effect.ts';
import { findAwardCandidate } from '#server/lifecycle/bid-decisions.ts';
import {
  lifecycleBody,
  loadParties,
  REQUEST_NOT_FOUND,
  type RequestParties,
  roleOf,
} from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import {
  type OwnerApproval,
  overrideInputSchema,
  ownerApprovalAnswerSchema,
} from '#shared/owner-approval-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { lifecycleAnswerSchema } from '#shared/request-responses.ts';
import { approvalCertificate } from './approval-certificate.ts';
import type { ApprovalDocument } from './approval-document.ts';
import {
  type ApprovalRow,
  closeApproval,
  issueLinks,
  latestApproval,
  loadRequestLimits,
  ownerContactsOf,
  recordApprovalEvent,
  revokeLinks,
} from './approval-store.ts';
import { personName } from './owner-approval-gate.ts';
import { hasCertificate } from './owner-link.ts';

const NOTHING_WAITING = "This request has no award waiting for the owner's approval.";

/**
 * The request's managers only (roleOf 'manager'): 401 signed out, 404 unknown request, 403 anyone
 * else. The viewer is read before any transaction (the embedded database has one connection);
 * `inside` then reads the request with `db` (a transaction's, holding the row with `lock`).
 */
async function asManager(app: FastifyInstance, request: FastifyRequest<{ Params: { id: number } }>) {
  const user = requireUser(request);
  const viewer = await loadViewer(app.db, user);
  const inside = async (db: DbOrTx, lock = false): Promise<RequestParties> => {
    const parties = await loadParties(db, request.params.id, lock);
    if (roleOf(viewer, parties) !== 'manager') throw forbidden();
    return parties;
  };
  return { user, inside };
}

export async function approvalBody(db: DbOrTx, approval: ApprovalRow): Promise<OwnerApproval> {
  const document = approval.document as unknown as ApprovalDocument;
  const links = await db
    .select({ name: ownerApprovalLinks.ownerName, email: ownerApprovalLinks.ownerEmail })
    .from(ownerApprovalLinks)
    .where(eq(ownerApprovalLinks.approvalId, approval.id))
    .orderBy(asc(ownerApprovalLinks.id));
  const owners = [...new Map(links.map((link) => [link.email, link])).values()];
  const history = await db
    .select()
    .from(ownerApprovalEvents)
    .where(eq(ownerApprovalEvents.approvalId, approval.id))
    .orderBy(asc(ownerApprovalEvents.at), asc(ownerApprovalEvents.id));
  return {
    id: approval.id,
    request_id: approval.requestId,
    status: approval.status,
    bid_id: approval.bidId,
    option: approval.optionPosition,
    vendor_name: document.chosen?.vendor_name ?? '',
    amount: approval.amount,
    nte_limit: approval.nteLimit,
    recommendation_note: approval.recommendationNote,
    document_hash: approval.documentHash,
    expires_at: approval.expiresAt.toISOString(),
    decided_at: approval.decidedAt?.toISOString() ?? null,
    decided_by_name: approval.decidedByName,
    decision_note: approval.decisionNote,
    owners,
    certificate_url: hasCertificate(approval)
      ? `/api/requests/${approval.requestId}/owner-approval/certificate.pdf`
      : null,
    history: history.map((event) => ({
      event: event.event,
      at: event.at.toISOString(),
      actor: event.actor,
      note: event.note,
    })),
  };
}

async function requireWaiting(tx: Tx, requestId: number): Promise<ApprovalRow> {
  const approval = await latestApproval(tx, requestId);
  if (approval?.status !== 'waiting') {
    throw new HttpError(409, { code: 'INVALID_TRANSITION', detail: NOTHING_WAITING });
  }
  return approval;
}

/**
 * The managers' side of an approval (docs/decisions/owner-approval.md): read the request's latest
 * approval, withdraw it, send the owners new links, override it (when the client allows), and
 * download the certificate.
 */
export async function managerApprovalRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { notFound: { detail: REQUEST_NOT_FOUND } };
  const answer = { ...errorResponses, 200: ownerApprovalAnswerSchema };
  const empty = z.object({}).optional();

  api.get(
    '/api/requests/:id/owner-approval/',
    {
      schema: {
        summary: "The request's latest owner approval (managers)",
        params: idParamsSchema,
        response: answer,
      },
      config,
    },
    async (request) => {
      await (await asManager(app, request)).inside(app.db);
      const approval = await latestApproval(app.db, request.params.id);
      return { approval: approval ? await approvalBody(app.db, approval) : null };
    },
  );

  api.post(
    '/api/requests/:id/owner-approval/withdraw/',
    {
      schema: {
        summary: 'Withdraw the award waiting for the owner: its links stop working',
        params: idParamsSchema,
        body: empty,
        response: answer,
      },
      config,
    },
    async (request) => {
      const { user, inside } = await asManager(app, request);
      return app.db.transaction(async (tx) => {
        await inside(tx, true);
        const approval = await requireWaiting(tx, request.params.id);
        await closeApproval(tx, approval, { status: 'withdrawn', actor: personName(user), now: new Date() });
        const fresh = await latestApproval(tx, request.params.id);
        return { approval: fresh ? await approvalBody(tx, fresh) : null };
      });
    },
  );

  api.post(
    '/api/requests/:id/owner-approval/resend/',
    {
      schema: {
        summary: 'Send the owners new links (the old ones stop working)',
        params: idParamsSchema,
        body: empty,
        response: answer,
      },
      config,
    },
    async (request) => {
      const { user, inside } = await asManager(app, request);
      return app.db.transaction(async (tx) => {
        const parties = await inside(tx, true);
        const approval = await requireWaiting(tx, request.params.id);
        const now = new Date();
        const actor = personName(user);
        const contacts = await ownerContactsOf(tx, parties.row.projectId);
        if (contacts.length === 0) {
          throw new HttpError(409, {
            code: 'INVALID_TRANSITION',
            detail: 'The property has no owner contact. Add one under Owners and limits.',
          });
        }
        const revoked = await revokeLinks(tx, approval.id, now);
        if (revoked.length > 0) await recordApprovalEvent(tx, approval.id, 'link_revoked', actor, now);
        await issueLinks(tx, app.config.publicUrl, approval, contacts, now, actor);
        return { approval: await approvalBody(tx, approval) };
      });
    },
  );

  api.post(
    '/api/requests/:id/owner-approval/override/',
    {
      schema: {
        summary: 'Award the waiting bid without the owner, with a reason (when the client allows it)',
        params: idParamsSchema,
        body: overrideInputSchema,
        response: { ...errorResponses, 200: lifecycleAnswerSchema },
      },
      config,
    },
    async (request) => {
      const { user, inside } = await asManager(app, request);
      return app.db.transaction(async (tx) => {
        const parties = await inside(tx, true);
        const approval = await requireWaiting(tx, request.params.id);
        const { allowOverride } = await loadRequestLimits(tx, parties.row);
        if (!allowOverride)
          throw forbidden("This client does not allow awards without the owner's approval.");
        const now = new Date();
        const actor = personName(user);
        const bid = await findAwardCandidate(tx, approval.bidId);
        if (bid?.status !== 'pending' || bid.version !== approval.bidVersion) {
          throw new HttpError(409, {
            code: 'INVALID_TRANSITION',
            detail: 'The bid changed since the owner was asked. Review it and award it again.',
          });
        }
        const option =
          approval.optionPosition === null ? null : chosenOption(bid.options, approval.optionPosition);
        const advance = awardAdvanceAs(tx, parties.row, user.id, now);
        const updated = await applyAward(tx, { requestId: parties.row.id, bid, option, now, advance });
        await tx
          .update(ownerApprovals)
          .set({
            status: 'overridden',
            decidedAt: now,
            decidedByName: actor,
            decisionNote: request.body.reason,
            updatedAt: now,
          })
          .where(eq(ownerApprovals.id, approval.id));
        await revokeLinks(tx, approval.id, now);
        await recordApprovalEvent(tx, approval.id, 'overridden', actor, now, request.body.reason);
        return lifecycleBody(updated, 'manager');
      });
    },
  );

  api.get(
    '/api/requests/:id/owner-approval/certificate.pdf',
    {
      schema: {
        summary: 'The approval certificate (PDF) of the request (managers)',
        params: idParamsSchema,
        response: { ...errorResponses, 200: fileDownload('The certificate', ['application/pdf']) },
      },
      config,
    },
    async (request, reply) => {
      await (await asManager(app, request)).inside(app.db);
      const approval = await latestApproval(app.db, request.params.id);
      if (!approval || !hasCertificate(approval)) {
        throw new HttpError(404, { detail: 'This request has no approval certificate.' });
      }
      const pdf = await approvalCertificate(app, approval);
      return reply.type('application/pdf').header('cache-control', 'private, no-store').send(pdf);
    },
  );
}
