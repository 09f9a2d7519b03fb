import { and, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { propertyManagerApplications } from '#server/db/schema/applications.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects } from '#server/db/schema/projects.ts';

/**
 * Approving a property manager application makes the building its wizard named (building_name,
 * building_address) the client's first property, active, so the approved manager can raise a
 * request at once. Not at submit: until staff approve, the applicant has no property and so cannot
 * put a request before any vendor. The wizard asks for no units; staff add them.
 * A client that already has a property of that name (staff added it before approving) gets no
 * second one. Run it in the approval's transaction; audited as staff creating a property.
 * Answers the new property's id, or null when none was made.
 */
export async function createApplicationBuilding(
  tx: DbOrTx,
  applicationId: number,
  actor: AuditActor,
): Promise<number | null> {
  const [application] = await tx
    .select({
      clientId: propertyManagerApplications.clientId,
      name: propertyManagerApplications.buildingName,
      address: propertyManagerApplications.buildingAddress,
      client: clients.name,
    })
    .from(propertyManagerApplications)
    .innerJoin(clients, eq(clients.id, propertyManagerApplications.clientId))
    .where(eq(propertyManagerApplications.id, applicationId));
  const name = application?.name.trim() ?? '';
  if (!application || application.clientId === null || name === '') return null;
  const [existing] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.clientId, application.clientId),
        eq(sql`lower(trim(${projects.name}))`, name.toLowerCase()),
      ),
    )
    .limit(1);
  if (existing) return null;
  const address = application.address.trim();
  const [project] = await tx
    .insert(projects)
    .values({ clientId: application.clientId, name, address, isActive: true })
    .returning({ id: projects.id });
  await recordAudit(tx, actor, {
    action: 'property.create',
    target: { type: 'property', id: project!.id, label: name },
    details: { client: application.client, address, is_active: true, application: applicationId },
  });
  return project!.id;
}
