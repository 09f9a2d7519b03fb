import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '#server/http/http-error.ts';
import type { UserRow } from './session-store.ts';

export function requireUser(request: FastifyRequest): UserRow {
  const { user } = request.auth;
  if (!user) throw unauthorized();
  return user;
}

export function isStaff(user: UserRow): boolean {
  return user.isStaff || user.isSuperuser;
}

/** The caller must be signed in as one of `types`; staff pass every such check. */
export function requireUserType(
  request: FastifyRequest,
  ...types: Array<'vendor' | 'property_manager'>
): UserRow {
  const user = requireUser(request);
  if (isStaff(user) || (user.type !== null && types.includes(user.type))) return user;
  throw forbidden();
}

export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isStaff(user)) throw forbidden();
  return user;
}
