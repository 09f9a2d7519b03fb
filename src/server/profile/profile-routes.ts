import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { issuePasswordToken, revokePasswordTokens } from '#server/auth/password-tokens.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { users } from '#server/db/schema/users.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import {
  EMAIL_IN_USE_MESSAGE,
  type UserProfile,
  userProfileAnswerSchema,
  userProfileSchema,
} from '#shared/user-profile.ts';
import { confirmChangedEmailMail, emailChangedNoticeMail } from './email-change-mails.ts';
import { insuranceRoutes } from './insurance-routes.ts';

function profileBody(user: UserRow): UserProfile {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    job_title: user.jobTitle,
    email_notifications: user.emailNotifications,
    sms_notifications: user.smsNotifications,
  };
}

const emailTaken = () => new HttpError(400, { errors: { email: [EMAIL_IN_USE_MESSAGE] } });

/**
 * GET/PUT /api/user-profile/ (signed-in spec, sections 2, 3 and 7) and the vendor's insurance.
 * A new email address is the login at once; it must be confirmed again (a link to the new address,
 * a notice to the old one), and the sessions already open stay open. The change revokes every
 * unused password token of the user, and tokens confirm only the address they were made for. A new
 * phone number is unconfirmed: it takes no texts until its owner confirms it with a texted code.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { ...errorResponses, 200: userProfileAnswerSchema };

  api.get('/api/user-profile/', { schema: { summary: "The caller's profile", response } }, async (request) =>
    profileBody(requireUser(request)),
  );

  const updateSchema = {
    summary: "Change the caller's profile; a new email address must be confirmed again",
    body: userProfileSchema,
    response,
  };
  api.put(
    '/api/user-profile/',
    { schema: updateSchema, preValidation: checkFirst(requireUser) },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      const emailChanged = input.email !== user.email.toLowerCase();
      // A new number takes no texts until confirmed again, even if it was confirmed once before.
      const phoneChanged = input.phone_number !== user.phoneNumber;
      try {
        const updated = await app.db.transaction(async (tx) => {
          if (emailChanged) {
            const [taken] = await tx
              .select({ id: users.id })
              .from(users)
              .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, user.id)));
            if (taken) throw emailTaken();
          }
          const [row] = await tx
            .update(users)
            .set({
              firstName: input.first_name,
              lastName: input.last_name,
              email: input.email,
              phoneNumber: input.phone_number,
              jobTitle: input.job_title,
              emailNotifications: input.email_notifications,
              smsNotifications: input.sms_notifications,
              ...(emailChanged ? { emailConfirmedAt: null } : {}),
              ...(phoneChanged ? { phoneVerifiedNumber: null, phoneVerifiedAt: null } : {}),
            })
            .where(eq(users.id, user.id))
            .returning();
          if (emailChanged) {
            // Every earlier link went to the old address: none may confirm or reset the account now.
            await revokePasswordTokens(tx, user.id);
            const token = await issuePasswordToken(tx, user.id, 'confirm_email');
            await enqueueMail(tx, confirmChangedEmailMail(app.config.publicUrl, input.email, token));
            await enqueueMail(tx, emailChangedNoticeMail(user.email, input.email));
          }
          return row!;
        });
        return profileBody(updated);
      } catch (error) {
        // Two accounts racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  );

  await app.register(insuranceRoutes);
}
