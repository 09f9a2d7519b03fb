import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vendorApplications } from '#server/db/schema/applications.ts';
import { checkoutSessions } from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { fieldErrors, HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { readCertificateForm } from '#server/uploads/certificate-upload.ts';
import { certificateFormSchema } from '#shared/certificate-file.ts';
import { successAnswerSchema } from '#shared/response-fields.ts';
import {
  CERTIFICATE_MESSAGES,
  MAX_CERTIFICATE_BYTES,
  PLAN_MESSAGE,
  vendorCompanyInfoSchema,
  vendorDraftResponseSchema,
  vendorSubmitResponseSchema,
  vendorSubmitSchema,
} from '#shared/vendor-application.ts';
import { refuseTakenEmail, requireSession } from './application-session.ts';
import { addDraftLimitHeaders, draftOwner } from './draft-policy.ts';
import {
  findVendorApplication,
  saveVendorDraft,
  vendorDraftAnswer,
  vendorDraftPayload,
} from './vendor-application-store.ts';
import { draftReadRoute, saveStepRoute, sessionFirst } from './wizard-routes.ts';

const BASE = '/api/vendor-applications';

/** The vendor wizard (public spec, sections 3-7): company info, insurance, submit to checkout. */
export async function vendorApplicationRoutes(app: FastifyInstance): Promise<void> {
  addDraftLimitHeaders(app);
  // Scoped to this plugin: only the certificate upload takes multipart, one file of at most 5MB.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 5 } });

  const api = app.withTypeProvider<ZodTypeProvider>();

  saveStepRoute(app, `${BASE}/save_company_info/`, {
    summary: "Save the wizard's company step to the session's draft",
    body: vendorCompanyInfoSchema,
    save: async (owner, input) => {
      await refuseTakenEmail(app.db, input.email);
      await saveVendorDraft(app.db, owner, {
        vendorName: input.vendor_name,
        totalEmployees: input.total_employees,
        ein: input.ein,
        registeredState: input.registered_state,
        industry: input.industry,
        address: input.address,
        firstName: input.first_name,
        lastName: input.last_name,
        jobTitle: input.job_title,
        phone: input.phone,
        email: input.email,
      });
    },
  });

  draftReadRoute(app, `${BASE}/draft/`, {
    summary: "What the session's open application holds and the step to resume at (a reloaded wizard asks)",
    response: vendorDraftResponseSchema,
    find: (sessionId) => findVendorApplication(app.db, sessionId),
    answer: vendorDraftAnswer,
  });

  /**
   * The certificate and its expiry date (optional here, so a client that sends only the spec's file
   * still works; the wizard asks for it). A form with the date and no file changes the date of the
   * certificate already on the draft; without one on the draft the file is required.
   */
  const insuranceSchema = {
    summary: "Upload the insurance certificate and its expiry date to the session's draft (multipart)",
    formBody: certificateFormSchema,
    response: { ...errorResponses, 200: successAnswerSchema },
  };
  api.post(`${BASE}/save_insurance_info/`, { schema: insuranceSchema }, async (request) => {
    const owner = draftOwner(requireSession(request));
    // The draft first: a caller over the per-address draft limit is refused before its upload is read.
    const draft = await saveVendorDraft(app.db, owner, {});
    const form = await readCertificateForm(app, request, { fileOptional: true });
    if (!form.file) {
      if (!draft.insuranceCertificateKey || form.expiresOn === null) {
        throw new HttpError(400, { errors: { insurance_certificate: [CERTIFICATE_MESSAGES.required] } });
      }
      await saveVendorDraft(app.db, owner, { insuranceExpiresOn: form.expiresOn });
      return { success: true as const };
    }
    const upload = form.file;
    const key = `insurance-certificates/${draft.id}/${randomBytes(16).toString('hex')}.${EXTENSIONS[upload.contentType]}`;
    await app.files.put(key, upload.body, upload.contentType);
    await saveVendorDraft(app.db, owner, {
      insuranceCertificateKey: key,
      insuranceCertificateContentType: upload.contentType,
      insuranceCertificateSize: upload.body.length,
      insuranceExpiresOn: form.expiresOn,
    });
    // The replaced certificate is no longer referenced by anything.
    if (draft.insuranceCertificateKey && draft.insuranceCertificateKey !== key) {
      await app.files.delete(draft.insuranceCertificateKey).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not delete a replaced certificate');
      });
    }
    return { success: true as const };
  });

  /**
   * Checks the whole application, then starts a checkout for the chosen plan and answers its
   * address. Submitting again (back from the checkout) replaces the previous checkout, which can
   * then no longer be paid.
   */
  const submitSchema = {
    summary: 'Check the whole application and start the checkout for the chosen plan',
    body: vendorSubmitSchema,
    response: { ...errorResponses, 200: vendorSubmitResponseSchema },
  };
  api.post(`${BASE}/submit/`, { schema: submitSchema, preValidation: sessionFirst }, async (request) => {
    const session = requireSession(request);
    const { plan_id } = request.body;
    const [plan] = await app.db
      .select({
        id: plans.id,
        name: plans.name,
        price: plans.price,
        frequency: plans.frequency,
        stripePriceId: plans.stripePriceId,
      })
      .from(plans)
      .where(and(eq(plans.id, plan_id), eq(plans.isActive, true)))
      .limit(1);
    if (!plan) throw new HttpError(400, { errors: { plan_id: [PLAN_MESSAGE] } });

    const application = await findVendorApplication(app.db, session.id);
    const company = vendorCompanyInfoSchema.safeParse(vendorDraftPayload(application));
    const errors: Record<string, string[]> = company.success ? {} : (fieldErrors(company.error).errors ?? {});
    if (!application?.insuranceCertificateKey) errors.insurance_certificate = [CERTIFICATE_MESSAGES.required];
    if (!application || !company.success || Object.keys(errors).length > 0)
      throw new HttpError(400, { errors });

    // Refused now rather than after the payment, when nothing could be done about it.
    await refuseTakenEmail(app.db, company.data.email);

    await app.db
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(
        and(eq(checkoutSessions.vendorApplicationId, application.id), eq(checkoutSessions.status, 'open')),
      );
    const checkout = await app.payments.createCheckout({
      vendorApplicationId: application.id,
      plan,
      customerEmail: company.data.email,
    });
    await app.db
      .update(vendorApplications)
      .set({
        status: 'payment_pending',
        planId: plan.id,
        checkoutId: checkout.id,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(vendorApplications.id, application.id));
    return { url: checkout.url };
  });
}
