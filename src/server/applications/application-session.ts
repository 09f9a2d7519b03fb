import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionRow } from '#server/auth/session-store.ts';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';
import { HttpError } from '#server/http/http-error.ts';
import { apiError } from '#shared/api-errors.ts';
import { EMAIL_TAKEN_MESSAGE } from '#shared/application-fields.ts';

/**
 * Application drafts belong to the caller's session (visitor or signed in; public spec, section 4),
 * so a caller without one cannot save. The browser gets one from GET /api/get-csrf-token/.
 */
export function requireSession(request: FastifyRequest): SessionRow {
  const { session } = request.auth;
  if (!session) {
    throw new HttpError(403, apiError('NO_SESSION'));
  }
  return session;
}

/**
 * Refuses, under the email field, an email that already has an account: checked at the step that
 * asks for it, so the applicant learns it there (and may log in instead), not at the final submit.
 */
export async function refuseTakenEmail(db: Db, email: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (taken) throw new HttpError(400, { errors: { email: [EMAIL_TAKEN_MESSAGE] } });
}
