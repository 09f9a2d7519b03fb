import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { isInsuranceExpired } from './user-profile.ts';

/** GET /api/vendors/ query: an optional trade to narrow the list to. */
export const vendorDirectoryQuerySchema = z.object({
  category: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service category.' }).optional(),
});

export type VendorInsuranceStatus = 'valid' | 'expired' | 'missing';

/** 'missing' when no expiry date is on file; valid through the expiry date (UTC; docs/architecture.md). */
export function vendorInsuranceStatus(expiresOn: string | null, today?: string): VendorInsuranceStatus {
  if (expiresOn === null) return 'missing';
  return isInsuranceExpired(expiresOn, today) ? 'expired' : 'valid';
}

/** One vendor of GET /api/vendors/ (the spec shows id and name; the rest serves the Vendors screen). */
export interface VendorDirectoryEntry {
  id: number;
  name: string;
  service_categories: string[];
  insurance: { status: VendorInsuranceStatus; expires_on: string | null };
  completed_jobs: number;
}
