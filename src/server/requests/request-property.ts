import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { forbidden, HttpError } from '#server/http/http-error.ts';

export interface RequestPlace {
  project: { id: number; name: string; clientId: number };
  unit: { id: number; number: string } | null;
}

const fieldError = (field: string, message: string) => new HttpError(400, { errors: { [field]: [message] } });

export const NO_WORKED_PROPERTY =
  'You can report work only on a property where you hold an accepted bid. Win a job on the property first.';
export const NOT_YOUR_PROPERTY = 'You can create requests only for properties of your company.';
export const NOT_WORKED_PROPERTY = 'You do not hold an accepted bid on this property.';
export const PROPERTY_BEFORE_PHOTOS = 'Send the property before the photos.';

/** Properties where the vendor holds an accepted bid: where it works (as GET /api/user/projects/). */
async function workedProjectIds(db: DbOrTx, vendorId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ projectId: mr.projectId })
    .from(bids)
    .innerJoin(mr, eq(mr.id, bids.requestId))
    .where(and(eq(bids.vendorId, vendorId), eq(bids.status, 'accepted')))
    .orderBy(asc(mr.projectId));
  return rows.flatMap((row) => (row.projectId === null ? [] : [row.projectId]));
}

/**
 * Which property (and unit) a new request is for, by who asks (docs: the decisions in the report):
 * a manager names one of its client's properties; staff any property; a vendor a property where it
 * holds an accepted bid (its top bar's selection), or none when it has exactly one such property.
 */
export async function resolveRequestPlace(
  db: DbOrTx,
  user: UserRow,
  propertyId: number | undefined,
  unitId: number | undefined,
): Promise<RequestPlace> {
  let chosen = propertyId;
  if (!isStaff(user) && user.type === 'vendor') {
    const worked = await workedProjectIds(db, user.id);
    if (worked.length === 0) throw forbidden(NO_WORKED_PROPERTY);
    if (chosen === undefined) {
      if (worked.length > 1) throw fieldError('project_id', 'Select the property this request is for.');
      chosen = worked[0];
    } else if (!worked.includes(chosen)) {
      throw forbidden(NOT_WORKED_PROPERTY);
    }
  }
  if (chosen === undefined) throw fieldError('property_id', 'This field is required.');
  const [project] = await db
    .select({ id: projects.id, name: projects.name, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, chosen));
  if (!project) throw fieldError('property_id', 'Select a valid property.');
  if (!isStaff(user) && user.type === 'property_manager' && project.clientId !== user.clientId) {
    throw forbidden(NOT_YOUR_PROPERTY);
  }
  if (unitId === undefined) return { project, unit: null };
  const [unit] = await db
    .select({ id: units.id, number: units.number })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.projectId, project.id)));
  if (!unit) throw fieldError('unit_id', 'Select a unit of this property.');
  return { project, unit };
}

const INVALID_PROPERTY = 'Select a valid property.';
/** The id rule of requestInputSchema's property_id and project_id, for a raw form value. */
const formId = z.coerce.number().int().positive().max(2_147_483_647);

/** The property named by raw multipart fields (`property_id` or its alias `project_id`), if any. */
function namedPropertyId(fields: Record<string, string[]>): number | undefined {
  const named = (['property_id', 'project_id'] as const).flatMap((name) => {
    const value = fields[name]?.[0];
    if (value === undefined || value === '') return [];
    const parsed = formId.safeParse(value);
    if (!parsed.success) throw fieldError(name, INVALID_PROPERTY);
    return [parsed.data];
  });
  if (named.length === 2 && named[0] !== named[1]) {
    throw fieldError('property_id', 'property_id and project_id name different properties.');
  }
  return named[0];
}

/**
 * A multipart create's gate, run before its first photo is read (docs: Trust, Uploads): the caller
 * may raise a request on the property named by the fields sent so far, by the same rule as
 * resolveRequestPlace (which runs again inside the write). A caller who must name a property and has
 * not yet done so is told to send it first.
 */
export async function requireRequestTarget(db: DbOrTx, user: UserRow, fields: Record<string, string[]>) {
  const propertyId = namedPropertyId(fields);
  try {
    await resolveRequestPlace(db, user, propertyId, undefined);
  } catch (error) {
    if (propertyId === undefined && error instanceof HttpError && error.statusCode === 400) {
      throw fieldError(Object.keys(error.body.errors ?? {})[0] ?? 'property_id', PROPERTY_BEFORE_PHOTOS);
    }
    throw error;
  }
}
