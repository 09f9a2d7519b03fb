import { eq } from 'drizzle-orm';
import { hashToken, randomToken } from '#server/auth/tokens.ts';
import { clients } from '#server/db/schema/clients.ts';
import {
  ownerApprovalLinks,
  ownerApprovals,
  projectOwnerContacts,
} from '#server/db/schema/owner-approvals.ts';
import { type ApprovalDocument, documentHash } from '#server/owner-approval/approval-document.ts';
import type { MatrixCall } from './authorization-calls.ts';
import type { AuthorizationWorld } from './authorization-world.ts';
import { png } from './test-images.ts';

/*
 * Approval before work (docs/decisions/owner-approval.md) in the authorization matrix. The owner has
 * no account: an owner's link is a token, the same for every actor (no session is needed or used),
 * so those rows answer alike across the table; the managers' rows follow the request's managing side.
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * A fresh open request of Acme Tower whose award of the awarded vendor's bid waits for the owner, or
 * (`decided`) that the owner approved through the link (its certificate drawn without a signature).
 */
async function waitingApproval(w: AuthorizationWorld, options: { decided?: boolean } = {}) {
  const { db } = w.t;
  const request = await w.fresh.openRequest();
  await db
    .insert(projectOwnerContacts)
    .values({ projectId: w.ids.project, name: 'Matrix Owner', email: 'matrix-owner@example.test' });
  const document: ApprovalDocument = {
    request: { number: `#${request.id}`, service_type: 'Plumbing', description: 'Matrix job' },
    property: { name: 'Acme Tower', address: '', time_zone: 'America/Denver' },
    client_name: 'Acme',
    chosen: { vendor_name: 'Awardly Plumbing', label: 'Bid', amount: 500, notes: '', lines: [] },
    others: [],
    nte_limit: 100,
    recommendation_note: '',
    manager_name: 'Matrix Manager',
    terms: 'Matrix terms',
  };
  const now = new Date();
  const [approval] = await db
    .insert(ownerApprovals)
    .values({
      requestId: request.id,
      bidId: request.awardedBid,
      amount: 500,
      nteLimit: 100,
      status: options.decided ? 'approved' : 'waiting',
      document: { ...document },
      documentHash: documentHash(document),
      bidVersion: 1,
      requestedById: w.users.manager.id,
      expiresAt: new Date(now.getTime() + 7 * DAY_MS),
      decidedAt: options.decided ? now : null,
    })
    .returning();
  const token = randomToken();
  await db.insert(ownerApprovalLinks).values({
    approvalId: approval!.id,
    ownerName: 'Matrix Owner',
    ownerEmail: 'matrix-owner@example.test',
    tokenHash: hashToken(token),
    expiresAt: approval!.expiresAt,
    usedAt: options.decided ? now : null,
  });
  return { requestId: request.id, token, hash: approval!.documentHash };
}

const signature = `data:image/png;base64,${png(20, 10).toString('base64')}`;
const settings = {
  default_nte_limit: null,
  allow_override: false,
  hide_vendor_names: false,
  approval_expiry_days: 7,
};

export const approvalCalls: Record<string, MatrixCall> = {
  'GET /api/clients/:id/approval-settings/ [Acme]': {
    call: (w) => ({ method: 'GET', url: `/api/clients/${w.ids.client}/approval-settings/` }),
  },
  'PUT /api/clients/:id/approval-settings/ [Acme, unchanged]': {
    changes: true,
    call: (w) => ({ method: 'PUT', url: `/api/clients/${w.ids.client}/approval-settings/`, json: settings }),
  },
  'GET /api/projects/:id/owner-approval/ [Acme Tower]': {
    call: (w) => ({ method: 'GET', url: `/api/projects/${w.ids.project}/owner-approval/` }),
  },
  'PUT /api/projects/:id/owner-approval/ [Acme Tower]': {
    changes: true,
    call: (w) => ({
      method: 'PUT',
      url: `/api/projects/${w.ids.project}/owner-approval/`,
      json: { nte_limit: null, emergency_limit: null, owners: [] },
    }),
  },
  'PUT /api/requests/:id/approval-limit/ [open, no bids yet]': {
    changes: true,
    call: async (w) => ({
      method: 'PUT',
      url: `/api/requests/${await w.fresh.bareRequest()}/approval-limit/`,
      json: { nte_limit: null, is_emergency: false },
    }),
  },
  'GET /api/requests/:id/owner-approval/ [open, an award waiting for the owner]': {
    call: async (w) => ({
      method: 'GET',
      url: `/api/requests/${(await waitingApproval(w)).requestId}/owner-approval/`,
    }),
  },
  'POST /api/requests/:id/owner-approval/withdraw/ [open, an award waiting for the owner]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/requests/${(await waitingApproval(w)).requestId}/owner-approval/withdraw/`,
      json: {},
    }),
  },
  'POST /api/requests/:id/owner-approval/resend/ [open, an award waiting for the owner]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/requests/${(await waitingApproval(w)).requestId}/owner-approval/resend/`,
      json: {},
    }),
  },
  'POST /api/requests/:id/owner-approval/override/ [open, an award waiting for the owner, overrides allowed]':
    {
      changes: true,
      call: async (w) => {
        await w.t.db.update(clients).set({ allowOverride: true }).where(eq(clients.id, w.ids.client));
        return {
          method: 'POST',
          url: `/api/requests/${(await waitingApproval(w)).requestId}/owner-approval/override/`,
          json: { reason: 'Matrix emergency' },
        };
      },
    },
  'GET /api/requests/:id/owner-approval/certificate.pdf [open, approved by the owner]': {
    call: async (w) => ({
      method: 'GET',
      url: `/api/requests/${(await waitingApproval(w, { decided: true })).requestId}/owner-approval/certificate.pdf`,
    }),
  },
  "GET /api/owner-approvals/:token/ [an owner's link, waiting]": {
    call: async (w) => ({ method: 'GET', url: `/api/owner-approvals/${(await waitingApproval(w)).token}/` }),
  },
  "POST /api/owner-approvals/:token/approve/ [an owner's link, waiting]": {
    changes: true,
    call: async (w) => {
      const { token, hash } = await waitingApproval(w);
      return {
        method: 'POST',
        url: `/api/owner-approvals/${token}/approve/`,
        json: { typed_name: 'Matrix Owner', signature, document_hash: hash },
      };
    },
  },
  "POST /api/owner-approvals/:token/decline/ [an owner's link, waiting]": {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/owner-approvals/${(await waitingApproval(w)).token}/decline/`,
      json: { reason: 'Matrix says no' },
    }),
  },
  "POST /api/owner-approvals/:token/question/ [an owner's link, waiting]": {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/owner-approvals/${(await waitingApproval(w)).token}/question/`,
      json: { question: 'Matrix question?' },
    }),
  },
  "GET /api/owner-approvals/:token/certificate.pdf [an owner's link, used to approve]": {
    call: async (w) => ({
      method: 'GET',
      url: `/api/owner-approvals/${(await waitingApproval(w, { decided: true })).token}/certificate.pdf`,
    }),
  },
};
