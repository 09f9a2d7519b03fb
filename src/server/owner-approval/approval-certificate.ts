import type { FastifyInstance } from 'fastify';
import type { ApprovalRow } from './approval-store.ts';
import { certificatePdf } from './certificate-pdf.ts';

/** The approval's certificate, drawn on demand from its row and the stored signature. */
export async function approvalCertificate(app: FastifyInstance, approval: ApprovalRow): Promise<Buffer> {
  const signature = approval.signatureKey ? await app.files.get(approval.signatureKey) : null;
  return certificatePdf({ approval, signature: signature?.body ?? null });
}
