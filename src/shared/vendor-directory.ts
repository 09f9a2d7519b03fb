import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { dayText } from './response-fields.ts';
import { isInsuranceExpired } from './user-profile.ts';

/** GET /api/vendors/ query: an optional trade to narrow the list to. */
export const vendorDirectoryQuerySchema = z.object({
  category: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service category.' }).optional(),
});

export const VENDOR_INSURANCE_STATUSES = ['valid', 'expired', 'missing'] as const;
export type VendorInsuranceStatus = (typeof VENDOR_INSURANCE_STATUSES)[number];

/** 'missing' when no expiry date is on file; valid through the expiry date (UTC; docs/architecture.md). */
export function vendorInsuranceStatus(expiresOn: string | null, today?: string): VendorInsuranceStatus {
  if (expiresOn === null) return 'missing';
  return isInsuranceExpired(expiresOn, today) ? 'expired' : 'valid';
}

/** One vendor of GET /api/vendors/ (the spec shows id and name; the rest serves the Vendors screen). */
export const vendorDirectoryEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  service_categories: z.array(z.string()),
  insurance: z.object({
    status: z.enum(VENDOR_INSURANCE_STATUSES),
    /** YYYY-MM-DD, or null when no certificate date is on file. */
    expires_on: dayText.nullable(),
  }),
  completed_jobs: z.number().int(),
});
export type VendorDirectoryEntry = z.infer<typeof vendorDirectoryEntrySchema>;

/** GET /api/vendors/ answers the whole directory, by name (not paged). */
export const vendorDirectorySchema = z.array(vendorDirectoryEntrySchema);
