import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { INSURANCE_STATES } from './insurance-state.ts';
import { dayText } from './response-fields.ts';

/** GET /api/vendors/ query: an optional trade to narrow the list to. */
export const vendorDirectoryQuerySchema = z.object({
  category: z.enum(SERVICE_CATEGORIES, { error: 'Not a valid service category.' }).optional(),
});

/** One vendor of GET /api/vendors/ (the spec shows id and name; the rest serves the Vendors screen). */
export const vendorDirectoryEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  service_categories: z.array(z.string()),
  /** The same reading as the vendor's own Settings (insurance-state.ts). */
  insurance: z.object({
    status: z.enum(INSURANCE_STATES),
    /** YYYY-MM-DD, the certificate's expiry date; null without a certificate or without a date. */
    expires_on: dayText.nullable(),
  }),
  completed_jobs: z.number().int(),
});
export type VendorDirectoryEntry = z.infer<typeof vendorDirectoryEntrySchema>;

/** GET /api/vendors/ answers the whole directory, by name (not paged). */
export const vendorDirectorySchema = z.array(vendorDirectoryEntrySchema);
