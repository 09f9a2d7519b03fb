import { and, desc, eq, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '#server/auth/tokens.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { clients } from '#server/db/schema/clients.ts';
import {
  ownerApprovalEvents,
  ownerApprovalLinks,
  ownerApprovals,
  projectOwnerContacts,
} from '#server/db/schema/owner-approvals.ts';
import { projects } from '#server/db/schema/projects.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import type { RequestRow } from '#server/request-core/lifecycle-access.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { type OwnerApprovalEvent, ownerApprovalPath } from '#shared/owner-approval-schemas.ts';

export type ApprovalRow = typeof ownerApprovals.$inferSelect;
export type ApprovalLinkRow = typeof ownerApprovalLinks.$inferSelect;

/** What decides whether an award of a request waits, and for how long. */
export interface RequestLimits {
  /** request.nte_limit ?? property.nte_limit ?? client.default_nte_limit ?? null (no limit). */
  limit: number | null;
  emergencyLimit: number | null;
  allowOverride: boolean;
  expiryDays: number;
}

export async function loadRequestLimits(db: DbOrTx, row: RequestRow): Promise<RequestLimits> {
  const [property] =
    row.projectId === null
      ? []
      : await db
          .select({
            nteLimit: projects.nteLimit,
            emergencyLimit: projects.emergencyLimit,
            defaultLimit: clients.defaultNteLimit,
            allowOverride: clients.allowOverride,
            expiryDays: clients.approvalExpiryDays,
          })
          .from(projects)
          .innerJoin(clients, eq(clients.id, projects.clientId))
          .where(eq(projects.id, row.projectId));
  return {
    limit: row.nteLimit ?? property?.nteLimit ?? property?.defaultLimit ?? null,
    emergencyLimit: property?.emergencyLimit ?? null,
    allowOverride: property?.allowOverride ?? false,
    expiryDays: property?.expiryDays ?? 7,
  };
}

export async function ownerContactsOf(db: DbOrTx, projectId: number | null) {
  if (projectId === null) return [];
  return db
    .select()
    .from(projectOwnerContacts)
    .where(eq(projectOwnerContacts.projectId, projectId))
    .orderBy(projectOwnerContacts.id);
}

export async function recordApprovalEvent(
  db: DbOrTx,
  approvalId: number,
  event: OwnerApprovalEvent,
  actor: string,
  at: Date,
  note = '',
): Promise<void> {
  await db.insert(ownerApprovalEvents).values({ approvalId, event, actor, note, at });
}

/** The request's newest approval, or undefined. */
export async function latestApproval(db: DbOrTx, requestId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(ownerApprovals)
    .where(eq(ownerApprovals.requestId, requestId))
    .orderBy(desc(ownerApprovals.id))
    .limit(1);
  return row;
}

/** Revokes the approval's open links (neither used nor revoked), but `keepLinkId`. */
export async function revokeLinks(db: DbOrTx, approvalId: number, now: Date, keepLinkId?: number) {
  const revoked = await db
    .update(ownerApprovalLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(ownerApprovalLinks.approvalId, approvalId),
        isNull(ownerApprovalLinks.usedAt),
        isNull(ownerApprovalLinks.revokedAt),
      ),
    )
    .returning({ id: ownerApprovalLinks.id });
  return revoked.filter((link) => link.id !== keepLinkId);
}

/** Closes a waiting approval (withdrawn, voided, expired…): its status, its links revoked, the event. */
export async function closeApproval(
  db: DbOrTx,
  approval: { id: number },
  change: { status: 'withdrawn' | 'voided' | 'expired'; actor: string; now: Date; note?: string },
): Promise<boolean> {
  const closed = await db
    .update(ownerApprovals)
    .set({ status: change.status, updatedAt: change.now })
    .where(and(eq(ownerApprovals.id, approval.id), eq(ownerApprovals.status, 'waiting')))
    .returning({ id: ownerApprovals.id });
  if (closed.length === 0) return false;
  await revokeLinks(db, approval.id, change.now);
  await recordApprovalEvent(db, approval.id, change.status, change.actor, change.now, change.note);
  return true;
}

/** Every waiting approval of the request is withdrawn (another award replaces it). */
export async function withdrawWaiting(db: DbOrTx, requestId: number, actor: string, now: Date) {
  const waiting = await db
    .select({ id: ownerApprovals.id })
    .from(ownerApprovals)
    .where(and(eq(ownerApprovals.requestId, requestId), eq(ownerApprovals.status, 'waiting')));
  for (const approval of waiting) await closeApproval(db, approval, { status: 'withdrawn', actor, now });
  return waiting.length;
}

/**
 * One link per owner contact (a random 32-byte token; only its SHA-256 kept), expiring with the
 * approval, and a mail to each with the link. Answers the tokens (tests read them from the outbox).
 */
export async function issueLinks(
  db: DbOrTx,
  publicUrl: string,
  approval: ApprovalRow,
  contacts: readonly { id: number; name: string; email: string }[],
  now: Date,
  actor: string,
): Promise<void> {
  const document = approval.document as { property?: { name?: string }; chosen?: { vendor_name?: string } };
  for (const contact of contacts) {
    const token = randomToken();
    await db.insert(ownerApprovalLinks).values({
      approvalId: approval.id,
      ownerContactId: contact.id,
      ownerName: contact.name,
      ownerEmail: contact.email,
      tokenHash: hashToken(token),
      expiresAt: approval.expiresAt,
      createdAt: now,
    });
    await enqueueMail(db, {
      to: contact.email,
      template: 'owner_approval_request',
      ...renderMail({
        subject: `Approval needed: ${formatUsd(approval.amount)} of work at ${document.property?.name ?? 'your property'}`,
        paragraphs: [
          `Hello ${contact.name},`,
          `Your property manager asks for your approval of ${formatUsd(approval.amount)} of work by ${document.chosen?.vendor_name ?? 'a vendor'} (request ${requestNumber(approval.requestId)}), above the property's limit of ${approval.nteLimit === null ? 'none' : formatUsd(approval.nteLimit)}.`,
          'Open the link to see the work and the bids, then approve, decline or ask a question. No account is needed.',
        ],
        action: { label: 'Review and answer', url: `${publicUrl}${ownerApprovalPath(token)}` },
        footnote: `This link is for you only and expires on ${approval.expiresAt.toUTCString()}.`,
      }),
    });
    await recordApprovalEvent(db, approval.id, 'link_sent', actor, now, contact.email);
  }
}
