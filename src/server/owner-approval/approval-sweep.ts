import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { ownerApprovalLinks, ownerApprovals } from '#server/db/schema/owner-approvals.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { loadParties } from '#server/request-core/lifecycle-access.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { closeApproval, recordApprovalEvent } from './approval-store.ts';
import { tellManagers } from './manager-notices.ts';

const HOUR_MS = 60 * 60_000;
export const OWNER_APPROVAL_SWEEP = {
  firstPassMs: 60_000,
  everyMs: 5 * 60_000,
  remindAfterMs: 24 * HOUR_MS,
  alertManagersAfterMs: 72 * HOUR_MS,
} as const;

const SWEEP_ACTOR = 'FieldBid';

export interface SweepResult {
  reminded: number;
  alerted: number;
  expired: number;
}

/**
 * One pass over the waiting approvals: past their expiry they expire (links revoked, managers told);
 * 24 h unanswered, the owners with an open link are reminded once; 72 h unanswered, the managers are
 * told once. Each approval's change commits with its mails and notices, and the `reminded_at` /
 * `manager_alerted_at` / status guards keep each once whichever process sweeps.
 */
export async function sweepOwnerApprovals(db: Db, now: Date = new Date()): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, alerted: 0, expired: 0 };
  const expiring = await db
    .select({ id: ownerApprovals.id, requestId: ownerApprovals.requestId })
    .from(ownerApprovals)
    .where(and(eq(ownerApprovals.status, 'waiting'), lte(ownerApprovals.expiresAt, now)));
  for (const approval of expiring) {
    await db.transaction(async (tx) => {
      const parties = await loadParties(tx, approval.requestId, true);
      if (!(await closeApproval(tx, approval, { status: 'expired', actor: SWEEP_ACTOR, now }))) return;
      await tellManagers(tx, parties, {
        title: "The owner's approval expired",
        message: `The owner did not answer in time about the award of request ${requestNumber(approval.requestId)}; the request is still open. Award again to ask the owner again.`,
      });
      result.expired += 1;
    });
  }

  const unanswered = await db
    .select()
    .from(ownerApprovals)
    .where(
      and(
        eq(ownerApprovals.status, 'waiting'),
        lte(ownerApprovals.createdAt, new Date(now.getTime() - OWNER_APPROVAL_SWEEP.remindAfterMs)),
      ),
    );
  for (const approval of unanswered) {
    const age = now.getTime() - approval.createdAt.getTime();
    if (approval.remindedAt === null) {
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(ownerApprovals)
          .set({ remindedAt: now })
          .where(and(eq(ownerApprovals.id, approval.id), isNull(ownerApprovals.remindedAt)))
          .returning({ id: ownerApprovals.id });
        if (claimed.length === 0) return;
        const open = await tx
          .select()
          .from(ownerApprovalLinks)
          .where(
            and(
              eq(ownerApprovalLinks.approvalId, approval.id),
              isNull(ownerApprovalLinks.usedAt),
              isNull(ownerApprovalLinks.revokedAt),
            ),
          );
        for (const link of open) {
          await enqueueMail(tx, {
            to: link.ownerEmail,
            template: 'owner_approval_reminder',
            ...renderMail({
              subject: `Reminder: approval needed for ${formatUsd(approval.amount)} of work`,
              paragraphs: [
                `Hello ${link.ownerName},`,
                `Your property manager is still waiting for your answer about ${formatUsd(approval.amount)} of work (request ${requestNumber(approval.requestId)}). Please use the link in the mail we sent on ${link.createdAt.toUTCString()}.`,
              ],
              footnote: `That link expires on ${approval.expiresAt.toUTCString()}.`,
            }),
          });
        }
        await recordApprovalEvent(tx, approval.id, 'reminded', SWEEP_ACTOR, now);
        result.reminded += 1;
      });
    }
    if (approval.managerAlertedAt === null && age >= OWNER_APPROVAL_SWEEP.alertManagersAfterMs) {
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(ownerApprovals)
          .set({ managerAlertedAt: now })
          .where(and(eq(ownerApprovals.id, approval.id), isNull(ownerApprovals.managerAlertedAt)))
          .returning({ id: ownerApprovals.id });
        if (claimed.length === 0) return;
        const parties = await loadParties(tx, approval.requestId);
        await tellManagers(tx, parties, {
          title: 'The owner has not answered',
          message: `The owner has not answered about the award of request ${requestNumber(approval.requestId)} for three days. Call them, send the link again, or choose another bid.`,
        });
        await recordApprovalEvent(tx, approval.id, 'manager_alerted', SWEEP_ACTOR, now);
        result.alerted += 1;
      });
    }
  }
  return result;
}
