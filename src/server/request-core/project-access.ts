import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStaff } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { projects } from '#server/db/schema/projects.ts';
import { HttpError } from '#server/http/http-error.ts';

/**
 * The property calls answer errors in the spec's `error` field (signed-in spec, section 7: the
 * client properties call); `detail` carries the same text for the shared error reader.
 */
export const propertyError = (status: number, message: string) =>
  new HttpError(status, { error: message, detail: message });

const SIGNED_OUT = 'Authentication credentials were not provided.';
const DENIED = 'You do not have permission to view this property.';
export const PROPERTY_NOT_FOUND = 'Property not found.';

/** A property route's 404 body for a malformed id in its path (route config `notFound`). */
export const propertyNotFound = (message: string) => ({ error: message, detail: message });

export function requireSignedIn(request: FastifyRequest): UserRow {
  const { user } = request.auth;
  if (!user) throw propertyError(401, SIGNED_OUT);
  return user;
}

/** A client's properties are its own managers' and staff's business. */
export function managesClient(user: UserRow, clientId: number): boolean {
  return isStaff(user) || (user.type === 'property_manager' && user.clientId === clientId);
}

/**
 * The project named in the path, for its client's managers and staff only: 401 (requireSignedIn,
 * the route's first check), 404 (a malformed id already at validation), then 403.
 */
export async function requireManagedProject(db: Db, user: UserRow, id: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, id));
  if (!project) throw propertyError(404, PROPERTY_NOT_FOUND);
  if (!managesClient(user, project.clientId)) throw propertyError(403, DENIED);
  return project;
}
