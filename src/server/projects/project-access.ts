import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStaff } from '../auth/guards.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { projects } from '../db/schema/projects.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * The property calls answer errors in the spec's `error` field (signed-in spec, section 7: the
 * client properties call); `detail` carries the same text for the shared error reader.
 */
export const propertyError = (status: number, message: string) =>
  new HttpError(status, { error: message, detail: message });

const SIGNED_OUT = 'Authentication credentials were not provided.';
const DENIED = 'You do not have permission to view this property.';

export function requireSignedIn(request: FastifyRequest): UserRow {
  const { user } = request.auth;
  if (!user) throw propertyError(401, SIGNED_OUT);
  return user;
}

/** A client's properties are its own managers' and staff's business. */
export function managesClient(user: UserRow, clientId: number): boolean {
  return isStaff(user) || (user.type === 'property_manager' && user.clientId === clientId);
}

export function parseId(raw: string, notFoundMessage: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw propertyError(404, notFoundMessage);
  return Number(raw);
}

/** The project named in the path, for its client's managers and staff only: 401, 404, then 403. */
export async function requireManagedProject(db: Db, request: FastifyRequest<{ Params: { id: string } }>) {
  const user = requireSignedIn(request);
  const id = parseId(request.params.id, 'Property not found.');
  const [project] = await db.select().from(projects).where(eq(projects.id, id));
  if (!project) throw propertyError(404, 'Property not found.');
  if (!managesClient(user, project.clientId)) throw propertyError(403, DENIED);
  return project;
}
