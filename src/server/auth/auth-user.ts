import type { AuthUser } from '#shared/users.ts';
import type { UserRow } from './session-store.ts';

/** The user as both spec documents name its fields. */
export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    type: user.type,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    client: user.clientId,
  };
}
