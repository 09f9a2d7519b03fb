import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuditActor, recordAudit } from '#server/audit/audit-log-store.ts';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import {
  APPLICATION_KINDS,
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  applicationConflictSchema,
  applicationListQuerySchema,
  applicationPageSchema,
  managerApplicationDetailSchema,
  REVIEW_MESSAGES,
  REVIEWABLE_STATUS,
  rejectApplicationSchema,
  vendorApplicationDetailSchema,
} from '#shared/admin-applications.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { createApplicationBuilding } from './application-building.ts';
import { applicationApprovedMail, applicationRejectedMail } from './application-review-mails.ts';
import {
  type Decision,
  decideApplication,
  findManagerApplication,
  findVendorApplication,
  listApplications,
} from './application-review-store.ts';

const BASE = '/api/admin/applications';
const applicationNotFound = () => notFound(REVIEW_MESSAGES.notFound);

const LABELS: Record<ApplicationKind, string> = {
  managers: 'property manager applications',
  vendors: 'vendor applications',
};

/**
 * Staff review the property manager and vendor applications (DESIGN.md, "Beyond the spec"):
 * /api/admin/applications/{managers|vendors}/ lists them, .../{id}/ shows one, .../{id}/approve/ and
 * .../{id}/reject/ decide a submitted (manager) or paid (vendor) one and mail the applicant.
 */
export async function applicationReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffFirst = checkFirst(requireStaff);
  const config = { notFound: { detail: REVIEW_MESSAGES.notFound } };

  for (const kind of APPLICATION_KINDS) {
    const from = REVIEWABLE_STATUS[kind];
    // One schema per kind: the answer names the kind's own fields.
    const detailSchema = kind === 'managers' ? managerApplicationDetailSchema : vendorApplicationDetailSchema;
    const find = (id: number) =>
      kind === 'managers' ? findManagerApplication(app.db, id) : findVendorApplication(app.db, id);

    const listSchema = {
      summary: `The ${LABELS[kind]} past the draft stage, newest first, 10 a page`,
      querystring: applicationListQuerySchema(kind),
      response: { ...errorResponses, 200: applicationPageSchema },
    };
    api.get(`${BASE}/${kind}/`, { schema: listSchema, preValidation: staffFirst }, async (request) => {
      requireStaff(request);
      const { page, status } = request.query;
      return listApplications(app.db, kind, status, page);
    });

    const showSchema = {
      summary: `One of the ${LABELS[kind]}, with its review`,
      params: idParamsSchema,
      response: { ...errorResponses, 200: detailSchema },
    };
    api.get(
      `${BASE}/${kind}/:id/`,
      { schema: showSchema, preValidation: staffFirst, config },
      async (request) => {
        requireStaff(request);
        const found = await find(request.params.id);
        if (!found) throw applicationNotFound();
        return found;
      },
    );

    const decide = async (staff: AuditActor, id: number, decision: Decision) => {
      const verb = decision.outcome === 'approved' ? 'approved' : 'rejected';
      await app.db.transaction(async (tx) => {
        const result = await decideApplication(tx, kind, id, from, staff.id, decision);
        if (!result) throw applicationNotFound();
        if ('conflict' in result) {
          const label = APPLICATION_STATUS_LABELS[result.conflict].toLowerCase();
          throw new HttpError(409, {
            detail: `This application is ${label}; only a ${APPLICATION_STATUS_LABELS[from].toLowerCase()} application can be ${verb}.`,
            status: result.conflict,
          });
        }
        // In the same transaction: the mail exists exactly when the decision does.
        await enqueueMail(
          tx,
          decision.outcome === 'approved'
            ? applicationApprovedMail(app.config.publicUrl, result.applicant)
            : applicationRejectedMail(result.applicant, decision.reason),
        );
        await recordAudit(tx, staff, {
          action: decision.outcome === 'approved' ? 'application.approve' : 'application.reject',
          target: {
            type: kind === 'managers' ? 'manager_application' : 'vendor_application',
            id,
            label: result.applicant.company,
          },
          details: decision.outcome === 'rejected' ? { reason: decision.reason } : null,
        });
        if (kind === 'managers' && decision.outcome === 'approved') {
          await createApplicationBuilding(tx, id, staff);
        }
      });
      const decided = await find(id);
      if (!decided) throw applicationNotFound();
      return decided;
    };

    const decisionResponses = { ...errorResponses, 200: detailSchema, 409: applicationConflictSchema };

    const approveSchema = {
      summary: `Approve one of the ${LABELS[kind]} (only a ${from} one) and mail the applicant`,
      params: idParamsSchema,
      response: decisionResponses,
    };
    api.post(
      `${BASE}/${kind}/:id/approve/`,
      { schema: approveSchema, preValidation: staffFirst, config },
      async (request) => {
        const staff = requireStaff(request);
        return decide(staff, request.params.id, { outcome: 'approved' });
      },
    );

    const rejectSchema = {
      summary: `Reject one of the ${LABELS[kind]} (only a ${from} one) and mail the applicant the reason`,
      params: idParamsSchema,
      body: rejectApplicationSchema,
      response: decisionResponses,
    };
    api.post(
      `${BASE}/${kind}/:id/reject/`,
      { schema: rejectSchema, preValidation: staffFirst, config },
      async (request) => {
        const staff = requireStaff(request);
        return decide(staff, request.params.id, { outcome: 'rejected', reason: request.body.reason });
      },
    );
  }
}
