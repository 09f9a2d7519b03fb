import { formatDate } from './date-display.ts';

/**
 * A vendor's insurance certificate, read the same way wherever it is shown (the vendor's Settings,
 * the managers' Vendors screen). The certificate is the stored file; its expiry date belongs to it:
 * - `valid`: a file whose expiry date is today or later;
 * - `expired`: a file whose expiry date has passed;
 * - `undated`: a file with no expiry date (an application that gave none);
 * - `missing`: no file. A date without a file is no certificate.
 */
export const INSURANCE_STATES = ['valid', 'expired', 'undated', 'missing'] as const;
export type InsuranceState = (typeof INSURANCE_STATES)[number];

/** Whether a certificate valid through `expiresOn` (YYYY-MM-DD) has expired on `today` (UTC). */
export function isInsuranceExpired(
  expiresOn: string | null,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  return expiresOn !== null && expiresOn < today;
}

export function insuranceState(hasFile: boolean, expiresOn: string | null, today?: string): InsuranceState {
  if (!hasFile) return 'missing';
  if (expiresOn === null) return 'undated';
  return isInsuranceExpired(expiresOn, today) ? 'expired' : 'valid';
}

export const NO_CERTIFICATE_TEXT = 'No certificate uploaded yet';

/** The one line both screens show for a state; the date is a calendar day, shown as such (UTC). */
export function insuranceStateText(state: InsuranceState, expiresOn: string | null): string {
  const day = expiresOn ? formatDate(expiresOn, 'UTC') : '';
  switch (state) {
    case 'valid':
      return `Valid until ${day}`;
    case 'expired':
      return `Expired on ${day}`;
    case 'undated':
      return 'Certificate on file, no expiry date given';
    case 'missing':
      return NO_CERTIFICATE_TEXT;
  }
}
