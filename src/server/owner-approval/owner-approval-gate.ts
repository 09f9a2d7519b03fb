import type { FastifyInstance } from 'fastify';
import { ownerApprovals } from '#server/db/schema/owner-approvals.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { AwardGate } from '#server/lifecycle/award-gate.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { notify } from '#server/notifications/notify.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import { buildApprovalDocument, documentHash } from './approval-document.ts';
import {
  issueLinks,
  loadRequestLimits,
  ownerContactsOf,
  recordApprovalEvent,
  withdrawWaiting,
} from './approval-store.ts';

const DAY_MS = 24 * 60 * 60_000;

export const personName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * The award gate (lifecycle/award-gate.ts) of approval before work: an award at or under the
 * request's limit goes ahead; above it, an emergency within the property's emergency limit goes
 * ahead with the owners told, and anything else waits for the owners ('waiting', one link each).
 * Any award replaces an approval still waiting for the request.
 */
export function ownerApprovalGate(app: FastifyInstance): AwardGate {
  return async ({ tx, user, parties, bid, option, amount, now, recommendationNote }) => {
    const row = parties.row;
    const managerName = personName(user);
    await withdrawWaiting(tx, row.id, managerName, now);
    const limits = await loadRequestLimits(tx, row);
    if (limits.limit === null || amount <= limits.limit) return { award: true };

    const contacts = await ownerContactsOf(tx, row.projectId);
    const emergency = row.isEmergency && limits.emergencyLimit !== null && limits.emergencyLimit >= amount;
    if (!emergency && contacts.length === 0) {
      throw new HttpError(409, {
        code: 'INVALID_TRANSITION',
        detail: `This award is above the property's limit of ${formatUsd(limits.limit)} and the property has no owner contact to approve it. Add one under Owners and limits, or raise the limit.`,
      });
    }
    const document = await buildApprovalDocument(tx, {
      row,
      bid,
      option,
      amount,
      limit: limits.limit,
      recommendationNote,
      managerName,
    });
    const [approval] = await tx
      .insert(ownerApprovals)
      .values({
        requestId: row.id,
        bidId: bid.id,
        optionPosition: option?.position ?? null,
        amount,
        nteLimit: limits.limit,
        status: emergency ? 'emergency' : 'waiting',
        recommendationNote,
        document: { ...document },
        documentHash: documentHash(document),
        bidVersion: bid.version,
        requestedById: user.id,
        expiresAt: new Date(now.getTime() + limits.expiryDays * DAY_MS),
        decidedAt: emergency ? now : null,
        decidedByName: emergency ? managerName : '',
        decisionNote: emergency ? 'Emergency award within the emergency limit' : '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!approval) throw new Error('The approval was not stored');

    if (emergency) {
      await recordApprovalEvent(tx, approval.id, 'emergency_award', managerName, now);
      for (const contact of contacts) {
        await enqueueMail(tx, {
          to: contact.email,
          template: 'owner_emergency_award',
          ...renderMail({
            subject: `Emergency work was awarded at ${document.property.name}`,
            paragraphs: [
              `Hello ${contact.name},`,
              `Emergency work was awarded at ${document.property.name} without waiting for your approval: ${document.chosen.vendor_name}, ${formatUsd(amount)} (request ${requestNumber(row.id)}), within the property's emergency limit of ${formatUsd(limits.emergencyLimit ?? 0)}.`,
              `Awarded by ${managerName}. ${recommendationNote}`.trim(),
            ],
          }),
        });
      }
      return { award: true };
    }

    await recordApprovalEvent(tx, approval.id, 'asked', managerName, now, recommendationNote);
    await issueLinks(tx, app.config.publicUrl, approval, contacts, now, managerName);
    await notify(tx, [
      {
        userId: bid.vendorId,
        kind: 'request_status',
        title: "Waiting for the owner's approval",
        message: `Your bid for request ${requestNumber(row.id)} was chosen; the property's owner must approve it before the work can start. We will tell you when they answer.`,
        relatedRequestId: row.id,
      },
    ]);
    return { award: false, approvalId: approval.id };
  };
}
