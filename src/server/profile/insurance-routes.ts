import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import type { UserRow } from '#server/auth/session-store.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { forbidden, HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import { notify } from '#server/notifications/notify.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { readCertificateUpload } from '#server/uploads/certificate-upload.ts';
import { certificateFormSchema } from '#shared/certificate-file.ts';
import { insuranceState, isInsuranceExpired } from '#shared/insurance-state.ts';
import {
  INSURANCE_EXPIRY_MESSAGES,
  type InsuranceStatus,
  insuranceStatusSchema,
} from '#shared/user-profile.ts';
import { CERTIFICATE_ACCEPT, MAX_CERTIFICATE_BYTES } from '#shared/vendor-application.ts';
import { newCertificateNotice } from './insurance-reminders.ts';

const BASE = '/api/vendor/insurance/';
const NO_PROFILE = 'Vendor profile not found.';

/** Only a vendor has a certificate (staff included in other checks do not). */
function requireVendor(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.type !== 'vendor') throw forbidden();
  return user;
}

function statusBody(profile: {
  insuranceCertificateKey: string | null;
  insuranceExpiresOn: string | null;
}): InsuranceStatus {
  return {
    has_certificate: profile.insuranceCertificateKey !== null,
    insurance_expires_on: profile.insuranceExpiresOn,
    is_expired: isInsuranceExpired(profile.insuranceExpiresOn),
    certificate_url: profile.insuranceCertificateKey === null ? null : `${BASE}certificate/`,
    status: insuranceState(profile.insuranceCertificateKey !== null, profile.insuranceExpiresOn),
  };
}

/**
 * The vendor's insurance certificate and its expiry: read, replace (multipart
 * `insurance_certificate` + `insurance_expires_on`, checked exactly as the onboarding upload: PDF or
 * image by content, at most 5MB) and download. A bid is refused with INSURANCE_EXPIRED after the
 * expiry date (bid-write-routes.ts).
 */
export async function insuranceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 5 } });

  async function ownProfile(userId: number) {
    const [profile] = await app.db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, userId));
    if (!profile) throw notFound(NO_PROFILE);
    return profile;
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  const status = { ...errorResponses, 200: insuranceStatusSchema };
  const readSchema = { summary: "The vendor's certificate on file and its expiry", response: status };
  api.get(BASE, { schema: readSchema }, async (request) =>
    statusBody(await ownProfile(requireVendor(request).id)),
  );

  const replaceSchema = {
    summary: "Replace the vendor's certificate (multipart: the file and its expiry date)",
    formBody: certificateFormSchema,
    response: status,
  };
  api.post(BASE, { schema: replaceSchema }, async (request) => {
    const user = requireVendor(request);
    const profile = await ownProfile(user.id);
    const upload = await readCertificateUpload(app, request);
    // Here the date is what makes the certificate count, so it is required and not already past.
    if (upload.expiresOn === null) {
      throw new HttpError(400, { errors: { insurance_expires_on: [INSURANCE_EXPIRY_MESSAGES.required] } });
    }
    if (isInsuranceExpired(upload.expiresOn)) {
      throw new HttpError(400, { errors: { insurance_expires_on: [INSURANCE_EXPIRY_MESSAGES.past] } });
    }
    const key = `insurance-certificates/vendor-${user.id}/${randomBytes(16).toString('hex')}.${EXTENSIONS[upload.contentType]}`;
    await app.files.put(key, upload.body, upload.contentType);
    const expiresOn = upload.expiresOn;
    const updated = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(vendorProfiles)
        .set({ insuranceCertificateKey: key, insuranceExpiresOn: expiresOn })
        .where(eq(vendorProfiles.userId, user.id))
        .returning();
      // The vendor hears it is on file and that reminders will come.
      await notify(tx, [newCertificateNotice(user.id, expiresOn)]);
      return row;
    });
    // The replaced certificate is no longer referenced by anything.
    if (profile.insuranceCertificateKey && profile.insuranceCertificateKey !== key) {
      await app.files.delete(profile.insuranceCertificateKey).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not delete a replaced certificate');
      });
    }
    return statusBody(updated ?? profile);
  });

  const downloadSchema = {
    summary: "Download the vendor's own certificate",
    response: {
      ...errorResponses,
      200: fileDownload('The certificate as uploaded', CERTIFICATE_ACCEPT.split(',')),
    },
  };
  api.get(`${BASE}certificate/`, { schema: downloadSchema }, async (request, reply) => {
    const profile = await ownProfile(requireVendor(request).id);
    const file = profile.insuranceCertificateKey
      ? await app.files.get(profile.insuranceCertificateKey)
      : null;
    if (!file) throw notFound('No certificate on file.');
    return reply
      .header('Content-Type', file.contentType)
      .header(
        'Content-Disposition',
        `inline; filename="insurance-certificate.${EXTENSIONS[file.contentType as keyof typeof EXTENSIONS] ?? 'bin'}"`,
      )
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  });
}
