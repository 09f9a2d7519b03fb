import {
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_MESSAGES,
  requestInputSchema,
} from '#shared/request-schemas.ts';
import type { SpotInput } from '#shared/request-spot.ts';
import { DEFAULT_PRIORITY, type Priority } from '#shared/statuses.ts';
import { photoProblem } from './photo-rules.ts';

const REQUIRED = 'This field is required.';

/** The manager's request form as its inputs hold it (Select values are strings). */
export interface ManagerRequestFormValues {
  property_id: string | null;
  type: string | null;
  description: string;
  unit_id: string | null;
  priority: Priority;
  photos: File[];
  /** Only on the full create page: invited vendors, or every vendor of the category. */
  vendors: string[];
  invite_all_category: boolean;
  /** 'YYYY-MM-DD HH:mm:ss' in the manager's time zone (Mantine dates), or null. */
  bid_deadline: string | null;
  /** Where on a layout of the property the work is, optional. */
  spot: SpotInput | null;
}

export function emptyManagerRequestForm(propertyId: number | null): ManagerRequestFormValues {
  return {
    property_id: propertyId === null ? null : String(propertyId),
    type: null,
    description: '',
    unit_id: null,
    priority: DEFAULT_PRIORITY,
    photos: [],
    vendors: [],
    invite_all_category: false,
    bid_deadline: null,
    spot: null,
  };
}

/** The picker's zone-less string read as local time, as ISO; undefined when empty or unreadable. */
export function deadlineIso(value: string | null): string | undefined {
  if (!value) return undefined;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The fields of POST /api/requests/ for a manager. "Invite all vendors of this category" sends every
 * vendor of the chosen category by id (they are invited and told), rather than invite_all, which
 * opens the request to vendors of every trade.
 */
export function managerRequestPayload(
  values: ManagerRequestFormValues,
  categoryVendorIds: readonly number[] = [],
) {
  const vendors = values.invite_all_category ? [...categoryVendorIds] : values.vendors.map(Number);
  return {
    type: values.type ?? undefined,
    description: values.description,
    priority: values.priority,
    property_id: values.property_id ?? undefined,
    unit_id: values.unit_id ?? undefined,
    vendors,
    bid_deadline: deadlineIso(values.bid_deadline),
    spot: values.spot ?? undefined,
  };
}

const REQUEST_PHOTO_LIMITS = {
  maxFiles: MAX_REQUEST_PHOTOS,
  maxBytes: MAX_REQUEST_PHOTO_BYTES,
  messages: REQUEST_PHOTO_MESSAGES,
};

/**
 * Field errors from the shared schema the handler runs (src/shared/request-schemas.ts), plus the
 * manager form's own rules (signed-in spec, section 5): a property is required, photos are images.
 */
export function validateManagerRequest(values: ManagerRequestFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = requestInputSchema.safeParse(managerRequestPayload(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'description');
      errors[field] ??= issue.message;
    }
  }
  if (!values.property_id) errors.property_id = REQUIRED;
  const photos = photoProblem(values.photos, REQUEST_PHOTO_LIMITS);
  if (photos) errors.photos = photos;
  // The invitation fields send ids the form picked from a list; a bad one is the server's to refuse.
  delete errors.vendors;
  return errors;
}

/** The multipart body: the schema's fields, vendors and photos repeated (signed-in spec, section 3). */
export function managerRequestFormData(
  values: ManagerRequestFormValues,
  categoryVendorIds: readonly number[] = [],
): FormData {
  const payload = managerRequestPayload(values, categoryVendorIds);
  const body = new FormData();
  body.append('type', payload.type ?? '');
  body.append('description', payload.description.trim());
  body.append('priority', payload.priority);
  if (payload.property_id) body.append('property_id', payload.property_id);
  if (payload.unit_id) body.append('unit_id', payload.unit_id);
  if (payload.bid_deadline) body.append('bid_deadline', payload.bid_deadline);
  body.append('invite_all', 'false');
  // Multipart carries the spot as JSON text, like areas_affected (src/shared/request-spot.ts).
  if (payload.spot) body.append('spot', JSON.stringify(payload.spot));
  for (const id of payload.vendors) body.append('vendors', String(id));
  for (const photo of values.photos) body.append('photos', photo);
  return body;
}
