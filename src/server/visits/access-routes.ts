import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { maintenanceRequests as mr } from '#server/db/schema/requests.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { forbidden } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import {
  loadParties,
  REQUEST_NOT_FOUND,
  type RequestRow,
  roleOf,
} from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { type Access, accessInputSchema, accessSchema } from '#shared/visit-schemas.ts';

function accessBody(row: RequestRow): Access {
  return {
    access_instructions: row.accessInstructions,
    occupant_name: row.occupantName,
    occupant_phone: row.occupantPhone,
    occupant_email: row.occupantEmail,
    permission_to_enter: row.permissionToEnter,
    updated_at: row.accessUpdatedAt?.toISOString() ?? null,
  };
}

/**
 * Entry and access of a job (docs/decisions/job-visits.md): the managing side reads and writes it;
 * the awarded vendor reads it from the award until the job is closed (in progress), never after;
 * anyone else is refused. Read with a plain query, never from a cached read: it is not in the
 * request detail.
 */
export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { notFound: { detail: REQUEST_NOT_FOUND } };

  api.get(
    '/api/requests/:id/access/',
    {
      schema: {
        summary:
          'How the vendor gets in: the managing side, and the awarded vendor while the job is in progress',
        params: idParamsSchema,
        response: { ...errorResponses, 200: accessSchema },
      },
      preValidation: checkFirst(requireUser),
      config,
    },
    async (request) => {
      const viewer = await loadViewer(app.db, requireUser(request));
      const parties = await loadParties(app.db, request.params.id);
      const role = roleOf(viewer, parties);
      const vendorMayRead = role === 'awarded_vendor' && parties.row.status === 'in_progress';
      if (role !== 'manager' && !vendorMayRead) throw forbidden();
      return accessBody(parties.row);
    },
  );

  api.put(
    '/api/requests/:id/access/',
    {
      schema: {
        summary: 'Change how the vendor gets in (the managing side)',
        params: idParamsSchema,
        body: accessInputSchema,
        response: { ...errorResponses, 200: accessSchema },
      },
      preValidation: checkFirst(requireUser),
      config,
      attachValidation: true,
    },
    async (request) => {
      const user = requireUser(request);
      requireValidParams(request);
      const viewer = await loadViewer(app.db, user);
      return app.db.transaction(async (tx) => {
        const parties = await loadParties(tx, request.params.id, true);
        if (roleOf(viewer, parties) !== 'manager') throw forbidden();
        requireValidBody(request);
        const input = request.body;
        const [row] = await tx
          .update(mr)
          .set({
            accessInstructions: input.access_instructions,
            occupantName: input.occupant_name,
            occupantPhone: input.occupant_phone,
            occupantEmail: input.occupant_email,
            permissionToEnter: input.permission_to_enter,
            accessUpdatedAt: new Date(),
          })
          .where(eq(mr.id, parties.row.id))
          .returning();
        return accessBody(row!);
      });
    },
  );
}
