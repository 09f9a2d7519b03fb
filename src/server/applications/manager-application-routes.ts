import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import { propertyManagerApplications } from '#server/db/schema/applications.ts';
import { clients } from '#server/db/schema/clients.ts';
import { users } from '#server/db/schema/users.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { HttpError, notFound, parseInput } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { EMAIL_TAKEN_MESSAGE } from '#shared/application-fields.ts';
import {
  adminContactSchema,
  buildingInfoSchema,
  companyInfoSchema,
  managerApplicationSchema,
  managerDraftResponseSchema,
  managerSubmitResponseSchema,
  managerSuccessResponseSchema,
} from '#shared/manager-application.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { refuseTakenEmail, requireSession } from './application-session.ts';
import { addDraftLimitHeaders } from './draft-policy.ts';
import {
  findManagerDraft,
  managerDraftAnswer,
  managerDraftPayload,
  saveManagerDraft,
} from './manager-application-store.ts';
import { draftReadRoute, saveStepRoute } from './wizard-routes.ts';

const BASE = '/api/property-manager-applications';

/** The property manager wizard (public spec, sections 3-7): three saves, submit, success. */
export async function managerApplicationRoutes(app: FastifyInstance): Promise<void> {
  addDraftLimitHeaders(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  saveStepRoute(app, `${BASE}/save_building_info/`, {
    summary: "Save the wizard's building step to the session's draft",
    body: buildingInfoSchema,
    save: (owner, input) =>
      saveManagerDraft(app.db, owner, {
        buildingName: input.building_name,
        buildingAddress: input.building_address,
        officePhone: input.office_phone,
        ein: input.ein,
        totalEmployees: input.total_employees,
      }),
  });

  saveStepRoute(app, `${BASE}/save_admin_contact/`, {
    summary: "Save the wizard's administrator step to the session's draft",
    body: adminContactSchema,
    save: async (owner, input) => {
      await refuseTakenEmail(app.db, input.email);
      await saveManagerDraft(app.db, owner, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        jobTitle: input.job_title,
      });
    },
  });

  saveStepRoute(app, `${BASE}/save_company_info/`, {
    summary: "Save the wizard's company step to the session's draft",
    body: companyInfoSchema,
    save: (owner, input) =>
      saveManagerDraft(app.db, owner, {
        companyName: input.company_name,
        companyAddress: input.company_address,
        companyLogo: input.company_logo,
      }),
  });

  draftReadRoute(app, `${BASE}/draft/`, {
    summary: "What the session's draft holds and the step to resume at (a reloaded wizard asks)",
    response: managerDraftResponseSchema,
    find: (sessionId) => findManagerDraft(app.db, sessionId),
    answer: managerDraftAnswer,
  });

  /**
   * Creates the company (client) and the manager's account, without a password and with the email
   * unconfirmed, in one transaction with marking the application submitted. Staff review it later
   * in /admin/; the account can set its password at once (success page).
   */
  const submitSchema = {
    summary: "Submit the session's draft: makes the company and the manager's account",
    response: { ...errorResponses, 200: managerSubmitResponseSchema },
  };
  api.post(`${BASE}/submit/`, { schema: submitSchema }, async (request) => {
    const session = requireSession(request);
    const draft = await findManagerDraft(app.db, session.id);
    // Every step's rules again: a missing step answers the messages of its fields.
    const input = parseInput(managerApplicationSchema, managerDraftPayload(draft));
    if (!draft) throw new HttpError(400, { detail: 'No application to submit.' });
    try {
      await app.db.transaction(async (tx) => {
        const [client] = await tx
          .insert(clients)
          .values({
            name: input.company_name,
            address: input.company_address,
            logoUrl: input.company_logo,
            officePhone: input.office_phone,
            ein: input.ein,
            totalEmployees: input.total_employees,
          })
          .returning({ id: clients.id });
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash: null,
            firstName: input.first_name,
            lastName: input.last_name,
            jobTitle: input.job_title,
            phoneNumber: input.phone,
            type: 'property_manager',
            clientId: client!.id,
          })
          .returning({ id: users.id });
        const submitted = await tx
          .update(propertyManagerApplications)
          .set({
            status: 'submitted',
            userId: user!.id,
            clientId: client!.id,
            submittedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(propertyManagerApplications.id, draft.id),
              eq(propertyManagerApplications.status, 'draft'),
            ),
          )
          .returning({ id: propertyManagerApplications.id });
        if (submitted.length === 0)
          throw new HttpError(409, { detail: 'This application was already submitted.' });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, { errors: { email: [EMAIL_TAKEN_MESSAGE] } });
      throw error;
    }
    return { redirect_url: `/property-manager-application/${draft.id}/success` };
  });

  /**
   * Only the session that submitted sees its success page; anyone else gets 404, as if it did not
   * exist. Each load mints a fresh set-password token (only hashes are stored, so an earlier one
   * cannot be shown again); earlier ones stay valid until used or expired. Once the password is set
   * the page has nothing to give: 404 too.
   */
  const successSchema = {
    summary:
      "The submitted application's success page: a fresh set-password token, for the session that submitted",
    params: idParamsSchema,
    response: { ...errorResponses, 200: managerSuccessResponseSchema },
  };
  api.get(`${BASE}/:id/success/`, { schema: successSchema }, async (request) => {
    const session = request.auth.session;
    const { id } = request.params;
    if (!session) throw notFound();
    const [found] = await app.db
      .select({ userId: propertyManagerApplications.userId, passwordHash: users.passwordHash })
      .from(propertyManagerApplications)
      .innerJoin(users, eq(users.id, propertyManagerApplications.userId))
      .where(
        and(
          eq(propertyManagerApplications.id, id),
          eq(propertyManagerApplications.sessionId, session.id),
          ne(propertyManagerApplications.status, 'draft'),
        ),
      )
      .limit(1);
    if (!found || found.userId === null || found.passwordHash !== null) throw notFound();
    return { password_token: await issuePasswordToken(app.db, found.userId, 'set_password') };
  });
}
