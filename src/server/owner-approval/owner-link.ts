import { eq } from 'drizzle-orm';
import { hashToken } from '#server/auth/tokens.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { ownerApprovalLinks, ownerApprovals } from '#server/db/schema/owner-approvals.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import type { OwnerApprovalPage } from '#shared/owner-approval-schemas.ts';
import type { ApprovalDocument } from './approval-document.ts';
import type { ApprovalLinkRow, ApprovalRow } from './approval-store.ts';

/*
 * An owner's link (docs/decisions/owner-approval.md): the token in the path is the only key. Unknown
 * tokens are 404; a link that was withdrawn, has expired or was used is 410 with what happened, so
 * the owner knows whom to ask. A used link still shows the decision and the certificate for 30 days.
 */

export const LINK_MESSAGES = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. Ask the property manager for a new one.',
  used: 'This approval was already answered.',
  revoked: 'This link was withdrawn by the property manager.',
} as const;

const DAY_MS = 24 * 60 * 60_000;
/** How long after the decision the owner's used link still opens the page and the certificate. */
export const DECIDED_LINK_DAYS = 30;

const gone = (detail: string) => new HttpError(410, { detail });

export interface OwnerLink {
  link: ApprovalLinkRow;
  approval: ApprovalRow;
}

/**
 * The link and its approval, locked (FOR UPDATE) with `lock`. `purpose` 'answer' (approve, decline,
 * ask) refuses a used link and an approval no longer waiting; 'read' lets a used link read the
 * decision for DECIDED_LINK_DAYS.
 */
export async function openOwnerLink(
  db: DbOrTx,
  token: string,
  now: Date,
  purpose: 'answer' | 'read',
  lock = false,
): Promise<OwnerLink> {
  const query = db
    .select({ link: ownerApprovalLinks, approval: ownerApprovals })
    .from(ownerApprovalLinks)
    .innerJoin(ownerApprovals, eq(ownerApprovals.id, ownerApprovalLinks.approvalId))
    .where(eq(ownerApprovalLinks.tokenHash, hashToken(token)));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw notFound(LINK_MESSAGES.invalid);
  const { link, approval } = found;
  if (link.usedAt) {
    const decided = approval.decidedAt ?? link.usedAt;
    if (purpose === 'read' && now.getTime() - decided.getTime() <= DECIDED_LINK_DAYS * DAY_MS) return found;
    throw gone(LINK_MESSAGES.used);
  }
  if (link.revokedAt) {
    if (approval.status === 'expired') throw gone(LINK_MESSAGES.expired);
    if (approval.status !== 'waiting' && approval.status !== 'withdrawn' && approval.status !== 'voided') {
      throw gone(LINK_MESSAGES.used);
    }
    throw gone(LINK_MESSAGES.revoked);
  }
  if (link.expiresAt.getTime() <= now.getTime() || approval.status === 'expired') {
    throw gone(LINK_MESSAGES.expired);
  }
  if (approval.status !== 'waiting') throw gone(LINK_MESSAGES.used);
  return found;
}

const CERTIFICATE_STATUSES = new Set(['approved', 'overridden', 'emergency']);

export function hasCertificate(approval: ApprovalRow): boolean {
  return CERTIFICATE_STATUSES.has(approval.status);
}

/** What the owner's page shows: the stored document, the decision when there is one. */
export function ownerPage({ link, approval }: OwnerLink, token: string): OwnerApprovalPage {
  const document = approval.document as unknown as ApprovalDocument;
  return {
    status: approval.status,
    owner_name: link.ownerName,
    property_name: document.property.name,
    property_address: document.property.address,
    request: {
      number: document.request.number,
      service_type: document.request.service_type,
      description: document.request.description,
      photos: [],
      spot: null,
    },
    chosen: document.chosen,
    others: document.others,
    nte_limit: document.nte_limit,
    recommendation_note: document.recommendation_note,
    manager_name: document.manager_name,
    terms: document.terms,
    document_hash: approval.documentHash,
    expires_at: approval.expiresAt.toISOString(),
    decided_at: approval.decidedAt?.toISOString() ?? null,
    certificate_url: hasCertificate(approval) ? `/api/owner-approvals/${token}/certificate.pdf` : null,
  };
}
