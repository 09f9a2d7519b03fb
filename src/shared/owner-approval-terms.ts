import { formatUsd } from './formatters.ts';

/**
 * The terms above the owner's approve button (docs/decisions/owner-approval.md): part of the signed
 * document, so the words an owner agreed to are in its hash and on the certificate.
 */
export function ownerApprovalTerms(clientName: string, vendorName: string, amount: number): string {
  return (
    `By approving, you authorise ${clientName} to have ${vendorName} carry out the work described above ` +
    `for up to ${formatUsd(amount)}, as quoted. Your typed name and drawn signature are your electronic ` +
    'signature; the time, your IP address and browser are recorded with this document and its SHA-256 ' +
    'fingerprint on an approval certificate. Work above this amount needs a new approval.'
  );
}
