import type { FastifyInstance } from 'fastify';
import { ADMIN_USER_MESSAGES, ADMIN_USERS_PAGE_SIZE, adminUserListQuerySchema } from '#shared/admin-users.ts';
import { requireStaff } from '../auth/guards.ts';
import { issuePasswordToken } from '../auth/password-tokens.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { resetPasswordMail } from '../mail/account-mails.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { recordAudit } from './audit-log-store.ts';
import { findResetTarget, findUser, listUsers, setUserActive } from './user-admin-store.ts';

const BASE = '/api/admin/users';
const userNotFound = () => new HttpError(404, { detail: ADMIN_USER_MESSAGES.notFound });

/** An id from the path: 1 to 9 digits, anything else is an unknown user. */
function userId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw userNotFound();
  return Number(raw);
}

type IdParams = { Params: { id: string } };

/**
 * Staff manage every account (DESIGN.md, "Beyond the spec"): list and search users, deactivate
 * (signed out everywhere, no sign-in) and reactivate them, and mail them the public flow's reset link.
 */
export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${BASE}/`, async (request) => {
    requireStaff(request);
    const query = parseInput(adminUserListQuerySchema, request.query);
    const { items, total } = await listUsers(app.db, query);
    return {
      results: items,
      count: total,
      total_pages: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)),
      current_page: query.page,
    };
  });

  app.get<IdParams>(`${BASE}/:id/`, async (request) => {
    const staff = requireStaff(request);
    const found = await findUser(app.db, userId(request.params.id), staff.id);
    if (!found) throw userNotFound();
    return found;
  });

  app.post<IdParams>(`${BASE}/:id/deactivate/`, async (request) => {
    const staff = requireStaff(request);
    const id = userId(request.params.id);
    // Checked before the user exists is known: the caller's own id always exists.
    if (id === staff.id) throw new HttpError(400, { detail: ADMIN_USER_MESSAGES.selfDeactivate });
    const outcome = await setUserActive(app.db, id, false, staff);
    if (outcome === 'missing') throw userNotFound();
    if (outcome === 'unchanged') throw new HttpError(409, { detail: ADMIN_USER_MESSAGES.alreadyDeactivated });
    return (await findUser(app.db, id, staff.id))!;
  });

  app.post<IdParams>(`${BASE}/:id/reactivate/`, async (request) => {
    const staff = requireStaff(request);
    const id = userId(request.params.id);
    const outcome = await setUserActive(app.db, id, true, staff);
    if (outcome === 'missing') throw userNotFound();
    if (outcome === 'unchanged') throw new HttpError(409, { detail: ADMIN_USER_MESSAGES.alreadyActive });
    return (await findUser(app.db, id, staff.id))!;
  });

  // The same token and mail as POST /api/users/reset-password/ (password-routes.ts); staff skip its
  // per-address limit, which exists to stop strangers flooding a mailbox.
  app.post<IdParams>(`${BASE}/:id/send-password-reset/`, async (request, reply) => {
    const staff = requireStaff(request);
    const user = await findResetTarget(app.db, userId(request.params.id));
    if (!user) throw userNotFound();
    if (!user.isActive) throw new HttpError(409, { detail: ADMIN_USER_MESSAGES.resetInactive });
    await app.db.transaction(async (tx) => {
      const token = await issuePasswordToken(tx, user.id, 'reset_password');
      await enqueueMail(tx, resetPasswordMail(app.config.publicUrl, user.email, token));
      await recordAudit(tx, staff, {
        action: 'user.send_password_reset',
        target: { type: 'user', id: user.id, label: user.email },
      });
    });
    return reply.status(202).send({ message: ADMIN_USER_MESSAGES.resetSent(user.email) });
  });
}
