import { asc, count, eq, sql } from 'drizzle-orm';
import { type AuditActor, changedFields, recordAudit } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { readListPage } from '#server/db/paged-list.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import type { AdminClient, AdminProject, AdminUnit, ProjectValues } from '#shared/admin-clients.ts';
import type { ListPage } from '#shared/list-query.ts';
import type { PropertyTimeZone } from '#shared/property-time-zone.ts';

// Clients, their properties and units as staff manage them in /admin/clients.

export const CLIENT_PAGE_SIZE = 10;

// Written with aliases: drizzle leaves column names unqualified in a one-table select.
const projectCount = sql<number>`(select count(*)::int from projects p where p.client_id = clients.id)`;
const managerCount = sql<number>`(select count(*)::int from users u where u.client_id = clients.id and u.type = 'property_manager' and u.is_active)`;
const unitCount = sql<number>`(select count(*)::int from units u where u.project_id = projects.id)`;

const clientColumns = {
  id: clients.id,
  name: clients.name,
  address: clients.address,
  is_active: clients.isActive,
  project_count: projectCount,
  manager_count: managerCount,
};

const projectColumns = {
  id: projects.id,
  client_id: projects.clientId,
  name: projects.name,
  address: projects.address,
  is_active: projects.isActive,
  time_zone: sql<PropertyTimeZone>`${projects.timeZone}`,
  city: projects.city,
  latitude: projects.latitude,
  longitude: projects.longitude,
  unit_count: unitCount,
  thumbnail: sql<
    string | null
  >`case when ${projects.thumbnailKey} is null then null else '/api/files/' || ${projects.thumbnailKey} end`,
};

export async function listClients(db: DbOrTx, page: number): Promise<ListPage<AdminClient>> {
  return readListPage(
    db.select({ total: count() }).from(clients),
    db
      .select(clientColumns)
      .from(clients)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id)),
    { page, pageSize: CLIENT_PAGE_SIZE },
    (client) => client,
  );
}

export async function findClient(db: DbOrTx, id: number) {
  const [client] = await db.select(clientColumns).from(clients).where(eq(clients.id, id));
  if (!client) return null;
  const list = await db
    .select(projectColumns)
    .from(projects)
    .where(eq(projects.clientId, id))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  return { ...client, projects: list };
}

export async function findProject(db: DbOrTx, id: number): Promise<AdminProject | null> {
  const [project] = await db.select(projectColumns).from(projects).where(eq(projects.id, id));
  return project ?? null;
}

/** null when the client does not exist. Audited in the same transaction. */
export async function createProject(db: DbOrTx, clientId: number, values: ProjectValues, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.id, clientId));
    if (!client) return null;
    const [row] = await tx
      .insert(projects)
      .values({
        clientId,
        name: values.name,
        address: values.address,
        isActive: values.is_active,
        timeZone: values.time_zone,
        ...placeOf(values),
      })
      .returning({ id: projects.id });
    const project = (await findProject(tx, row!.id))!;
    await recordAudit(tx, actor, {
      action: 'property.create',
      target: { type: 'property', id: project.id, label: project.name },
      details: {
        client: client.name,
        address: project.address,
        is_active: project.is_active,
        time_zone: project.time_zone,
        city: project.city,
        latitude: project.latitude,
        longitude: project.longitude,
      },
    });
    return project;
  });
}

const editable = (project: AdminProject): ProjectValues => ({
  name: project.name,
  address: project.address,
  is_active: project.is_active,
  time_zone: project.time_zone,
  city: project.city,
  latitude: project.latitude,
  longitude: project.longitude,
});

/** The city and coordinates a save writes: only those sent (the pair together; the schema checked both or neither). */
function placeOf(values: ProjectValues) {
  return {
    ...(values.city === undefined ? {} : { city: values.city }),
    ...(values.latitude === undefined && values.longitude === undefined
      ? {}
      : { latitude: values.latitude ?? null, longitude: values.longitude ?? null }),
  };
}

/** null when there is no such property; audited with what changed (a save changing nothing is not). */
export async function updateProject(db: DbOrTx, id: number, values: ProjectValues, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, id))
      .for('update');
    if (!locked) return null;
    const before = (await findProject(tx, id))!;
    await tx
      .update(projects)
      .set({
        name: values.name,
        address: values.address,
        isActive: values.is_active,
        timeZone: values.time_zone,
        ...placeOf(values),
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, id));
    const after = (await findProject(tx, id))!;
    const changes = changedFields(editable(before), editable(after));
    if (changes) {
      await recordAudit(tx, actor, {
        action: 'property.update',
        target: { type: 'property', id, label: after.name },
        details: { changes },
      });
    }
    return after;
  });
}

const requestCount = sql<number>`(select count(*)::int from maintenance_requests r where r.unit_id = units.id)`;

export function listUnits(db: DbOrTx, projectId: number): Promise<AdminUnit[]> {
  return (
    db
      .select({ id: units.id, number: units.number, request_count: requestCount })
      .from(units)
      .where(eq(units.projectId, projectId))
      // 9 before 10: shorter numbers first, then alphabetical.
      .orderBy(asc(sql`length(${units.number})`), asc(units.number))
  );
}

/**
 * Adds the numbers the property (which exists) lacks; answers which were added (the rest already
 * existed). Audited when any was added.
 */
export async function addUnits(db: DbOrTx, project: AdminProject, numbers: string[], actor: AuditActor) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(units)
      .values(numbers.map((number) => ({ projectId: project.id, number })))
      .onConflictDoNothing({ target: [units.projectId, units.number] })
      .returning({ number: units.number });
    const added = new Set(inserted.map((row) => row.number));
    const outcome = {
      added: numbers.filter((number) => added.has(number)),
      already_there: numbers.filter((number) => !added.has(number)),
    };
    if (outcome.added.length > 0) {
      await recordAudit(tx, actor, {
        action: 'unit.add',
        target: { type: 'property', id: project.id, label: project.name },
        details: { units: outcome.added },
      });
    }
    return outcome;
  });
}

/**
 * Removes a unit no request names. The unit row is locked first, so a request cannot pick it in
 * between (requests reference units ON DELETE SET NULL, which would silently drop the unit).
 */
export async function removeUnit(
  db: DbOrTx,
  id: number,
  actor: AuditActor,
): Promise<{ outcome: 'deleted' } | { outcome: 'in_use'; number: string; requests: number } | null> {
  return db.transaction(async (tx) => {
    const [unit] = await tx
      .select({ id: units.id, number: units.number, projectId: units.projectId, property: projects.name })
      .from(units)
      .innerJoin(projects, eq(projects.id, units.projectId))
      .where(eq(units.id, id))
      .for('update', { of: units });
    if (!unit) return null;
    const [used] = await tx
      .select({ total: count() })
      .from(maintenanceRequests)
      .where(eq(maintenanceRequests.unitId, id));
    if ((used?.total ?? 0) > 0)
      return { outcome: 'in_use' as const, number: unit.number, requests: used!.total };
    await tx.delete(units).where(eq(units.id, id));
    await recordAudit(tx, actor, {
      action: 'unit.delete',
      target: { type: 'unit', id, label: `${unit.number} · ${unit.property}` },
      details: { property_id: unit.projectId },
    });
    return { outcome: 'deleted' as const };
  });
}

/**
 * Points the property at a stored image and audits it; answers the key it replaces (null: none, or
 * no such property).
 */
export async function setProjectThumbnail(
  db: DbOrTx,
  id: number,
  key: string,
  actor: AuditActor,
): Promise<{ project: AdminProject; replaced: string | null } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ key: projects.thumbnailKey })
      .from(projects)
      .where(eq(projects.id, id))
      .for('update');
    if (!current) return null;
    await tx.update(projects).set({ thumbnailKey: key, updatedAt: sql`now()` }).where(eq(projects.id, id));
    const project = (await findProject(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'property.thumbnail',
      target: { type: 'property', id, label: project.name },
      details: { replaced: current.key !== null },
    });
    return { project, replaced: current.key };
  });
}
