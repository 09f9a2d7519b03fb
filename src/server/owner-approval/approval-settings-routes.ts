import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isStaff, requireUser } from '#server/auth/guards.ts';
import type { DbOrTx, Tx } from '#server/db/db-or-tx.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projectOwnerContacts } from '#server/db/schema/owner-approvals.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { forbidden, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { loadParties, REQUEST_NOT_FOUND, roleOf } from '#server/request-core/lifecycle-access.ts';
import { loadViewer } from '#server/request-core/request-viewer.ts';
import {
  type ClientApprovalSettings,
  clientApprovalSettingsInputSchema,
  clientApprovalSettingsSchema,
  type PropertyApproval,
  propertyApprovalInputSchema,
  propertyApprovalSchema,
  requestLimitInputSchema,
  requestLimitSchema,
} from '#shared/owner-approval-schemas.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { loadRequestLimits } from './approval-store.ts';

const CLIENT_NOT_FOUND = 'Client not found.';
const PROPERTY_NOT_FOUND = 'Property not found.';

/** Staff, or a property manager of `clientId`; 403 anyone else. */
function requireClientSide(request: FastifyRequest, clientId: number): void {
  const user = requireUser(request);
  if (isStaff(user)) return;
  if (user.type === 'property_manager' && user.clientId === clientId) return;
  throw forbidden();
}

async function clientSettings(db: DbOrTx, clientId: number): Promise<ClientApprovalSettings | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!row) return null;
  return {
    client_id: row.id,
    default_nte_limit: row.defaultNteLimit,
    allow_override: row.allowOverride,
    hide_vendor_names: row.hideVendorNames,
    approval_expiry_days: row.approvalExpiryDays,
  };
}

async function propertyApproval(db: DbOrTx, projectId: number): Promise<PropertyApproval | null> {
  const [row] = await db
    .select({
      id: projects.id,
      nteLimit: projects.nteLimit,
      emergencyLimit: projects.emergencyLimit,
      defaultLimit: clients.defaultNteLimit,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const owners = await db
    .select()
    .from(projectOwnerContacts)
    .where(eq(projectOwnerContacts.projectId, projectId))
    .orderBy(projectOwnerContacts.id);
  return {
    project_id: row.id,
    nte_limit: row.nteLimit,
    emergency_limit: row.emergencyLimit,
    owners: owners.map((owner) => ({
      id: owner.id,
      name: owner.name,
      email: owner.email,
      phone: owner.phone,
    })),
    effective_nte_limit: row.nteLimit ?? row.defaultLimit,
  };
}

async function projectClientId(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw notFound(PROPERTY_NOT_FOUND);
  return row.clientId;
}

/** Route options with a body schema added (validated later, in the documented order). */
function withBody<Options extends { schema: object }, Body extends z.ZodType>(options: Options, body: Body) {
  return { ...options, schema: { ...options.schema, body } };
}

/**
 * The limits of approval before work (docs/decisions/owner-approval.md): a client's default and
 * rules, a property's limit, emergency limit and owner contacts, a request's own limit and emergency
 * flag. Checked 401 → 404 → 403 → 400. The changes are not in the audit log, which records staff
 * actions only (its action list is a database check); they are the settings as they now stand.
 */
export async function approvalSettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const clientOptions = (summary: string) => ({
    schema: {
      summary,
      params: idParamsSchema,
      response: { ...errorResponses, 200: clientApprovalSettingsSchema },
    },
    config: { notFound: { detail: CLIENT_NOT_FOUND } },
    attachValidation: true,
  });

  api.get(
    '/api/clients/:id/approval-settings/',
    clientOptions("A client's approval rules: default limit, override, hidden names, expiry"),
    async (request) => {
      requireUser(request);
      requireValidParams(request);
      const settings = await clientSettings(app.db, request.params.id);
      if (!settings) throw notFound(CLIENT_NOT_FOUND);
      requireClientSide(request, settings.client_id);
      return settings;
    },
  );

  api.put(
    '/api/clients/:id/approval-settings/',
    withBody(clientOptions("Change a client's approval rules"), clientApprovalSettingsInputSchema),
    async (request) => {
      requireUser(request);
      requireValidParams(request);
      const { id } = request.params;
      if (!(await clientSettings(app.db, id))) throw notFound(CLIENT_NOT_FOUND);
      requireClientSide(request, id);
      requireValidBody(request);
      const input = request.body;
      await app.db
        .update(clients)
        .set({
          defaultNteLimit: input.default_nte_limit,
          allowOverride: input.allow_override,
          hideVendorNames: input.hide_vendor_names,
          approvalExpiryDays: input.approval_expiry_days,
        })
        .where(eq(clients.id, id));
      return (await clientSettings(app.db, id))!;
    },
  );

  const propertyOptions = (summary: string) => ({
    schema: { summary, params: idParamsSchema, response: { ...errorResponses, 200: propertyApprovalSchema } },
    config: { notFound: { detail: PROPERTY_NOT_FOUND } },
    attachValidation: true,
  });

  api.get(
    '/api/projects/:id/owner-approval/',
    propertyOptions("A property's limits and owner contacts"),
    async (request) => {
      requireUser(request);
      requireValidParams(request);
      requireClientSide(request, await projectClientId(app.db, request.params.id));
      return (await propertyApproval(app.db, request.params.id))!;
    },
  );

  api.put(
    '/api/projects/:id/owner-approval/',
    withBody(propertyOptions("Change a property's limits and owner contacts"), propertyApprovalInputSchema),
    async (request) => {
      requireUser(request);
      requireValidParams(request);
      const { id } = request.params;
      requireClientSide(request, await projectClientId(app.db, id));
      requireValidBody(request);
      const input = request.body;
      await app.db.transaction(async (tx: Tx) => {
        await tx
          .update(projects)
          .set({ nteLimit: input.nte_limit, emergencyLimit: input.emergency_limit })
          .where(eq(projects.id, id));
        // Links keep their owner's name and address, so replacing the list never breaks one sent.
        await tx.delete(projectOwnerContacts).where(eq(projectOwnerContacts.projectId, id));
        if (input.owners.length > 0) {
          await tx.insert(projectOwnerContacts).values(
            input.owners.map((owner) => ({
              projectId: id,
              name: owner.name,
              email: owner.email.toLowerCase(),
              phone: owner.phone,
            })),
          );
        }
      });
      return (await propertyApproval(app.db, id))!;
    },
  );

  api.put(
    '/api/requests/:id/approval-limit/',
    {
      schema: {
        summary: "Set a request's own limit and whether it is an emergency (its managers)",
        params: idParamsSchema,
        body: requestLimitInputSchema,
        response: { ...errorResponses, 200: requestLimitSchema },
      },
      config: { notFound: { detail: REQUEST_NOT_FOUND } },
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
        const [row] = await tx
          .update(maintenanceRequests)
          .set({ nteLimit: request.body.nte_limit, isEmergency: request.body.is_emergency })
          .where(eq(maintenanceRequests.id, parties.row.id))
          .returning();
        const limits = await loadRequestLimits(tx, row!);
        return {
          request_id: row!.id,
          nte_limit: row!.nteLimit,
          is_emergency: row!.isEmergency,
          effective_nte_limit: limits.limit,
        };
      });
    },
  );
}
