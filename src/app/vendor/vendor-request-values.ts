import {
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_MESSAGES,
  requestInputSchema,
} from '#shared/request-schemas.ts';
import type { SpotInput } from '#shared/request-spot.ts';
import { DEFAULT_TIMEFRAME, type Timeframe } from '#shared/statuses.ts';

/** The vendor request form (signed-in spec, sections 3 and 5) as its inputs hold it. */
export interface VendorRequestValues {
  type: string | null;
  description: string;
  timeframe: Timeframe;
  inviteAll: boolean;
  /** Vendor ids as the multi-select holds them (text). */
  vendors: string[];
  photos: File[];
  /** Where on a layout of the property the work is, optional. */
  spot: SpotInput | null;
}

export const EMPTY_VENDOR_REQUEST: VendorRequestValues = {
  type: null,
  description: '',
  timeframe: DEFAULT_TIMEFRAME,
  inviteAll: false,
  vendors: [],
  photos: [],
  spot: null,
};

/** Field errors from the shared request schema (the one POST /api/requests/ runs) plus the photo limits. */
export function validateVendorRequest(
  values: VendorRequestValues,
  projectId: number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = requestInputSchema.safeParse({
    type: values.type ?? '',
    description: values.description,
    timeframe: values.timeframe,
    invite_all: values.inviteAll,
    vendors: values.inviteAll ? [] : values.vendors,
    project_id: projectId,
    spot: values.spot ?? undefined,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'invite_all' ? 'inviteAll' : String(issue.path[0] ?? 'description');
      errors[field] ??= issue.message;
    }
  }
  if (values.photos.length > MAX_REQUEST_PHOTOS) errors.photos = REQUEST_PHOTO_MESSAGES.count;
  else if (values.photos.some((photo) => !photo.type.startsWith('image/')))
    errors.photos = REQUEST_PHOTO_MESSAGES.type;
  else if (values.photos.some((photo) => photo.size > MAX_REQUEST_PHOTO_BYTES))
    errors.photos = REQUEST_PHOTO_MESSAGES.size;
  return errors;
}

/** 'N file(s) selected' or 'No files selected' (signed-in spec, section 5). */
export function filesSelectedText(count: number): string {
  return count === 0 ? 'No files selected' : `${count} file(s) selected`;
}
