import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerApprovalLinks, ownerApprovals } from '#server/db/schema/owner-approvals.ts';
import { HttpError } from '#server/http/http-error.ts';
import { hitRateLimit } from '#server/http/rate-limit.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import { applyAward, awardAdvanceAs, chosenOption } from '#server/lifecycle/award-effect.ts';
import { findAwardCandidate } from '#server/lifecycle/bid-decisions.ts';
import { loadParties } from '#server/request-core/lifecycle-access.ts';
import { detectContentType } from '#server/storage/content-type.ts';
import { readImageSize } from '#server/storage/image-size.ts';
import {
  ownerApprovalPageSchema,
  ownerApproveInputSchema,
  ownerDeclineInputSchema,
  ownerQuestionInputSchema,
} from '#shared/owner-approval-schemas.ts';
import { messageAnswerSchema } from '#shared/response-fields.ts';
import { approvalCertificate } from './approval-certificate.ts';
import { closeApproval, recordApprovalEvent, revokeLinks } from './approval-store.ts';
import { tellManagers } from './manager-notices.ts';
import { hasCertificate, LINK_MESSAGES, openOwnerLink, ownerPage } from './owner-link.ts';

const PER_IP_PER_HOUR = 60;
const TOO_MANY = 'Too many requests. Please try again later.';
const MAX_SIGNATURE_BYTES = 200_000;
const MAX_SIGNATURE = { width: 2000, height: 1000 };

const tokenParams = z.object({ token: z.string().max(200) });

/** A drawn signature: a PNG by its content, at most 200 kB and 2000 x 1000 pixels. */
function signaturePng(dataUrl: string): Buffer {
  const body = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const refuse = (message: string) => new HttpError(400, { errors: { signature: [message] } });
  if (body.length > MAX_SIGNATURE_BYTES) throw refuse('The signature is too large.');
  if (detectContentType(body) !== 'image/png') throw refuse('Sign in the box.');
  const size = readImageSize(body, 'image/png');
  if (!size || size.width === 0 || size.height === 0) throw refuse('Sign in the box.');
  if (size.width > MAX_SIGNATURE.width || size.height > MAX_SIGNATURE.height) {
    throw refuse('The signature is too large.');
  }
  return body;
}

/**
 * The owner's side (no account, docs/decisions/owner-approval.md): GET the page, approve with a typed
 * name and a drawn signature (the award is done as the manager who asked), decline with a reason, ask
 * a question, and fetch the certificate. The token in the path is the key, so these writes carry no
 * session and skip CSRF (`csrf: false`); each is rate-limited per IP.
 */
export async function ownerLinkRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = async (request: FastifyRequest) => {
    if (!(await hitRateLimit(app.db, `owner-approval:ip:${request.ip}`, PER_IP_PER_HOUR, 60 * 60_000))) {
      throw new HttpError(429, { detail: TOO_MANY, error: TOO_MANY });
    }
  };
  const pageResponse = { ...errorResponses, 200: ownerApprovalPageSchema };
  // Reads need no CSRF exemption; the writes carry no session, so CSRF's check stands aside for them.
  const config = { notFound: { detail: LINK_MESSAGES.invalid } };
  const writeConfig = { ...config, csrf: false };

  api.get(
    '/api/owner-approvals/:token/',
    {
      schema: {
        summary: "An owner's approval page (the link's token is the key)",
        params: tokenParams,
        response: pageResponse,
      },
      config,
    },
    async (request) => {
      await limit(request);
      const now = new Date();
      const found = await openOwnerLink(app.db, request.params.token, now, 'read');
      if (!found.link.openedAt) {
        const opened = await app.db
          .update(ownerApprovalLinks)
          .set({ openedAt: now })
          .where(and(eq(ownerApprovalLinks.id, found.link.id), isNull(ownerApprovalLinks.openedAt)))
          .returning({ id: ownerApprovalLinks.id });
        if (opened.length > 0) {
          await recordApprovalEvent(app.db, found.approval.id, 'opened', found.link.ownerName, now);
        }
      }
      return ownerPage(found, request.params.token);
    },
  );

  api.post(
    '/api/owner-approvals/:token/approve/',
    {
      schema: {
        summary: "The owner approves the award: typed name, drawn signature and the document's hash",
        params: tokenParams,
        body: ownerApproveInputSchema,
        response: pageResponse,
      },
      config: writeConfig,
    },
    async (request) => {
      await limit(request);
      const { token } = request.params;
      const input = request.body;
      const signature = signaturePng(input.signature);
      const key = `owner-signatures/${randomBytes(16).toString('hex')}.png`;
      await app.files.put(key, signature, 'image/png');
      const now = new Date();
      let outcome: 'approved' | 'voided';
      try {
        outcome = await app.db.transaction(async (tx) => {
          const first = await openOwnerLink(tx, token, now, 'answer');
          // The request first, as every award locks it, then the link (answers of two owners queue).
          const parties = await loadParties(tx, first.approval.requestId, true);
          const { link, approval } = await openOwnerLink(tx, token, now, 'answer', true);
          if (input.document_hash !== approval.documentHash) {
            throw new HttpError(409, {
              detail: 'The document changed since you opened it. Reload the page and review it again.',
            });
          }
          const bid = await findAwardCandidate(tx, approval.bidId);
          if (bid?.status !== 'pending' || bid.version !== approval.bidVersion) {
            await closeApproval(tx, approval, { status: 'voided', actor: link.ownerName, now });
            await tellManagers(tx, parties, {
              title: 'The bid changed; ask the owner again',
              message: `The bid put to the owner for request #${approval.requestId} changed, so the approval was voided. Review the bid and award again to ask the owner.`,
            });
            return 'voided';
          }
          const option =
            approval.optionPosition === null ? null : chosenOption(bid.options, approval.optionPosition);
          const managerId = approval.requestedById ?? parties.row.createdById;
          const advance = awardAdvanceAs(tx, parties.row, managerId, now);
          await applyAward(tx, { requestId: approval.requestId, bid, option, now, advance });
          await tx
            .update(ownerApprovals)
            .set({
              status: 'approved',
              decidedAt: now,
              decidedByName: input.typed_name,
              signatureKey: key,
              decisionIp: request.ip,
              decisionUserAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
              updatedAt: now,
            })
            .where(eq(ownerApprovals.id, approval.id));
          await tx.update(ownerApprovalLinks).set({ usedAt: now }).where(eq(ownerApprovalLinks.id, link.id));
          await revokeLinks(tx, approval.id, now, link.id);
          await recordApprovalEvent(tx, approval.id, 'approved', input.typed_name, now, link.ownerEmail);
          await tellManagers(tx, parties, {
            title: 'The owner approved the award',
            message: `The owner approved the award of request #${approval.requestId} (${input.typed_name}); the job is now in progress.`,
          });
          return 'approved';
        });
      } catch (error) {
        await app.files.delete(key).catch(() => {});
        throw error;
      }
      if (outcome === 'voided') {
        await app.files.delete(key).catch(() => {});
        throw new HttpError(409, {
          detail:
            'The vendor changed this bid after you were asked, so this approval is voided. The property manager will ask you again.',
        });
      }
      return ownerPage(await openOwnerLink(app.db, token, now, 'read'), token);
    },
  );

  api.post(
    '/api/owner-approvals/:token/decline/',
    {
      schema: {
        summary: 'The owner declines the award with a reason; the request stays open',
        params: tokenParams,
        body: ownerDeclineInputSchema,
        response: pageResponse,
      },
      config: writeConfig,
    },
    async (request) => {
      await limit(request);
      const { token } = request.params;
      const now = new Date();
      await app.db.transaction(async (tx) => {
        const first = await openOwnerLink(tx, token, now, 'answer');
        const parties = await loadParties(tx, first.approval.requestId, true);
        const { link, approval } = await openOwnerLink(tx, token, now, 'answer', true);
        await tx
          .update(ownerApprovals)
          .set({
            status: 'declined',
            decidedAt: now,
            decidedByName: link.ownerName,
            decisionNote: request.body.reason,
            decisionIp: request.ip,
            decisionUserAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
            updatedAt: now,
          })
          .where(eq(ownerApprovals.id, approval.id));
        await tx.update(ownerApprovalLinks).set({ usedAt: now }).where(eq(ownerApprovalLinks.id, link.id));
        await revokeLinks(tx, approval.id, now, link.id);
        await recordApprovalEvent(tx, approval.id, 'declined', link.ownerName, now, request.body.reason);
        await tellManagers(tx, parties, {
          title: 'The owner declined the award',
          message: `${link.ownerName} declined the award of request #${approval.requestId}: ${request.body.reason} The request is still open for another choice.`,
        });
      });
      return ownerPage(await openOwnerLink(app.db, token, now, 'read'), token);
    },
  );

  api.post(
    '/api/owner-approvals/:token/question/',
    {
      schema: {
        summary: 'The owner asks the managers a question; the link stays open',
        params: tokenParams,
        body: ownerQuestionInputSchema,
        response: { ...errorResponses, 200: messageAnswerSchema },
      },
      config: writeConfig,
    },
    async (request) => {
      await limit(request);
      const now = new Date();
      await app.db.transaction(async (tx) => {
        const { link, approval } = await openOwnerLink(tx, request.params.token, now, 'answer');
        const parties = await loadParties(tx, approval.requestId);
        await recordApprovalEvent(tx, approval.id, 'question', link.ownerName, now, request.body.question);
        await tellManagers(
          tx,
          parties,
          {
            title: 'The owner asked a question',
            message: `${link.ownerName} asked about the award of request #${approval.requestId}: ${request.body.question}`,
          },
          { mail: `Reply to ${link.ownerName} at ${link.ownerEmail}.` },
        );
      });
      return { message: 'Your question was sent to the property manager.' };
    },
  );

  api.get(
    '/api/owner-approvals/:token/certificate.pdf',
    {
      schema: {
        summary: "The approval certificate (PDF), for the owner's link up to 30 days after the decision",
        params: tokenParams,
        response: { ...errorResponses, 200: fileDownload('The certificate', ['application/pdf']) },
      },
      config,
    },
    async (request, reply) => {
      await limit(request);
      const found = await openOwnerLink(app.db, request.params.token, new Date(), 'read');
      if (!hasCertificate(found.approval))
        throw new HttpError(404, { detail: 'There is no certificate yet.' });
      const pdf = await approvalCertificate(app, found.approval);
      return reply.type('application/pdf').header('cache-control', 'private, no-store').send(pdf);
    },
  );
}
