import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '#server/audit/audit-log-store.ts';
import { requireStaff } from '#server/auth/guards.ts';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { resetPasswordMail } from '#server/mail/account-mails.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import {
  ADMIN_USER_MESSAGES,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  mayManageAccount,
  sendPasswordResetResponseSchema,
} from '#shared/admin-users.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import {
  type ActiveChange,
  findResetTarget,
  findUser,
  listUsers,
  setUserActive,
} from './user-admin-store.ts';

const BASE = '/api/admin/users';
const userNotFound = () => notFound(ADMIN_USER_MESSAGES.notFound);

/** The answer to a deactivation or reactivation that changed nothing; `unchanged` says why in words. */
function refuseUnlessChanged(outcome: ActiveChange, unchanged: string): void {
  if (outcome === 'missing') throw userNotFound();
  if (outcome === 'superuser_only') throw forbidden(ADMIN_USER_MESSAGES.superuserOnly);
  if (outcome === 'last_superuser') throw new HttpError(409, { detail: ADMIN_USER_MESSAGES.lastSuperuser });
  if (outcome === 'unchanged') throw new HttpError(409, { detail: unchanged });
}

/**
 * Staff manage every account (DESIGN.md, "Beyond the spec"): list and search users, deactivate
 * (signed out everywhere, no sign-in) and reactivate them, and mail them the public flow's reset link.
 * Staff accounts are a superuser's to act on (403 to other staff), and the last active superuser is
 * never deactivated (409): see setUserActive.
 */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const userConfig = { notFound: { detail: ADMIN_USER_MESSAGES.notFound } };

  const listSchema = {
    summary: 'Every account, staff first, searchable by name, email or company, 10 a page',
    querystring: adminUserListQuerySchema,
    response: { ...errorResponses, 200: adminUserPageSchema },
  };
  api.get(`${BASE}/`, { schema: listSchema, preValidation: staffFirst }, async (request) => {
    requireStaff(request);
    return listUsers(app.db, request.query);
  });

  const detailSchema = {
    summary: 'One account, with what staff need before acting on it',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminUserDetailSchema },
  };
  api.get(
    `${BASE}/:id/`,
    { schema: detailSchema, preValidation: staffFirst, config: userConfig },
    async (request) => {
      const staff = requireStaff(request);
      const found = await findUser(app.db, request.params.id, staff.id);
      if (!found) throw userNotFound();
      return found;
    },
  );

  const deactivateSchema = {
    summary:
      'Deactivate an account: signed out everywhere, and no sign-in until reactivated (a staff account: superusers only)',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminUserDetailSchema },
  };
  api.post(
    `${BASE}/:id/deactivate/`,
    { schema: deactivateSchema, preValidation: staffFirst, config: userConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      // Checked before the user exists is known: the caller's own id always exists.
      if (id === staff.id) throw new HttpError(400, { detail: ADMIN_USER_MESSAGES.selfDeactivate });
      const outcome = await setUserActive(app.db, id, false, staff);
      refuseUnlessChanged(outcome, ADMIN_USER_MESSAGES.alreadyDeactivated);
      const user = await findUser(app.db, id, staff.id);
      if (!user) throw userNotFound();
      return user;
    },
  );

  const reactivateSchema = {
    summary: 'Reactivate a deactivated account (a staff account: superusers only)',
    params: idParamsSchema,
    response: { ...errorResponses, 200: adminUserDetailSchema },
  };
  api.post(
    `${BASE}/:id/reactivate/`,
    { schema: reactivateSchema, preValidation: staffFirst, config: userConfig },
    async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const outcome = await setUserActive(app.db, id, true, staff);
      refuseUnlessChanged(outcome, ADMIN_USER_MESSAGES.alreadyActive);
      const user = await findUser(app.db, id, staff.id);
      if (!user) throw userNotFound();
      return user;
    },
  );

  // The same token and mail as POST /api/users/reset-password/ (password-routes.ts); staff skip its
  // per-address limit, which exists to stop strangers flooding a mailbox.
  const resetSchema = {
    summary:
      "Mail an active account the public flow's password reset link (a staff account: superusers only)",
    params: idParamsSchema,
    response: { ...errorResponses, 202: sendPasswordResetResponseSchema },
  };
  api.post(
    `${BASE}/:id/send-password-reset/`,
    { schema: resetSchema, preValidation: staffFirst, config: userConfig },
    async (request, reply) => {
      const staff = requireStaff(request);
      const user = await findResetTarget(app.db, request.params.id);
      if (!user) throw userNotFound();
      if (!mayManageAccount(staff.isSuperuser, user.isStaff))
        throw forbidden(ADMIN_USER_MESSAGES.superuserOnly);
      if (!user.isActive) throw new HttpError(409, { detail: ADMIN_USER_MESSAGES.resetInactive });
      // The token, its mail and the audit entry exist together or not at all.
      await app.db.transaction(async (tx) => {
        const token = await issuePasswordToken(tx, user.id, 'reset_password');
        await enqueueMail(tx, resetPasswordMail(app.config.publicUrl, user.email, token));
        await recordAudit(tx, staff, {
          action: 'user.send_password_reset',
          target: { type: 'user', id: user.id, label: user.email },
        });
      });
      return reply.status(202).send({ message: ADMIN_USER_MESSAGES.resetSent(user.email) });
    },
  );
}
