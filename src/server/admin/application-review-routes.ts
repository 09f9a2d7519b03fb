import type { FastifyInstance } from 'fastify';
import {
  APPLICATION_KINDS,
  APPLICATION_STATUS_LABELS,
  type ApplicationKind,
  applicationListQuerySchema,
  REVIEWABLE_STATUS,
  rejectApplicationSchema,
} from '#shared/admin-applications.ts';
import { requireStaff } from '../auth/guards.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { applicationApprovedMail, applicationRejectedMail } from './application-review-mails.ts';
import {
  type Decision,
  decideApplication,
  findManagerApplication,
  findVendorApplication,
  listApplications,
  PAGE_SIZE,
} from './application-review-store.ts';
import { type AuditActor, recordAudit } from './audit-log-store.ts';

const BASE = '/api/admin/applications';
const applicationNotFound = () => new HttpError(404, { detail: 'Application not found.' });

function applicationId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw applicationNotFound();
  return Number(raw);
}

const findApplication = (app: FastifyInstance, kind: ApplicationKind, id: number) =>
  kind === 'managers' ? findManagerApplication(app.db, id) : findVendorApplication(app.db, id);

/**
 * Staff review the property manager and vendor applications (DESIGN.md, "Beyond the spec"):
 * /api/admin/applications/{managers|vendors}/ lists them, .../{id}/ shows one, .../{id}/approve/ and
 * .../{id}/reject/ decide a submitted (manager) or paid (vendor) one and mail the applicant.
 */
export async function applicationReviewRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of APPLICATION_KINDS) {
    const querySchema = applicationListQuerySchema(kind);
    const from = REVIEWABLE_STATUS[kind];

    app.get(`${BASE}/${kind}/`, async (request) => {
      requireStaff(request);
      const { page, status } = parseInput(querySchema, request.query);
      const { items, total } = await listApplications(app.db, kind, status, page);
      return {
        results: items,
        count: total,
        total_pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        current_page: page,
      };
    });

    app.get<{ Params: { id: string } }>(`${BASE}/${kind}/:id/`, async (request) => {
      requireStaff(request);
      const found = await findApplication(app, kind, applicationId(request.params.id));
      if (!found) throw applicationNotFound();
      return found;
    });

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
      });
      return (await findApplication(app, kind, id))!;
    };

    app.post<{ Params: { id: string } }>(`${BASE}/${kind}/:id/approve/`, async (request) => {
      const staff = requireStaff(request);
      return decide(staff, applicationId(request.params.id), { outcome: 'approved' });
    });

    app.post<{ Params: { id: string } }>(`${BASE}/${kind}/:id/reject/`, async (request) => {
      const staff = requireStaff(request);
      const id = applicationId(request.params.id);
      const { reason } = parseInput(rejectApplicationSchema, request.body);
      return decide(staff, id, { outcome: 'rejected', reason });
    });
  }
}
