import type { Db } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests, requestInvitations, requestPhotos } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { makeUser } from './factories.ts';

let sequence = 0;

export async function makeClient(db: Db, overrides: Partial<typeof clients.$inferInsert> = {}) {
  sequence += 1;
  const [client] = await db
    .insert(clients)
    .values({ name: `Client ${sequence}`, ...overrides })
    .returning();
  return client!;
}

export async function makeProject(
  db: Db,
  overrides: Partial<typeof projects.$inferInsert> & { clientId: number },
) {
  sequence += 1;
  const [project] = await db
    .insert(projects)
    .values({ name: `Project ${sequence}`, address: `${sequence} Main St`, ...overrides })
    .returning();
  return project!;
}

/** A client with one property and one property manager of the client: where requests come from. */
export async function makeRequestWorld(db: Db, manager: Parameters<typeof makeUser>[1] = {}) {
  const client = await makeClient(db);
  const project = await makeProject(db, { clientId: client.id });
  return {
    client,
    project,
    manager: await makeUser(db, { type: 'property_manager', clientId: client.id, ...manager }),
  };
}

/** A request; `invited` lists vendor user ids to invite, `photoKeys` storage keys of its photos. */
export async function makeRequest(
  db: Db,
  overrides: Partial<typeof maintenanceRequests.$inferInsert> & {
    createdById: number;
    invited?: number[];
    photoKeys?: string[];
  },
) {
  sequence += 1;
  const { invited = [], photoKeys = [], ...columns } = overrides;
  const [request] = await db
    .insert(maintenanceRequests)
    .values({ type: 'Plumbing', description: `Request ${sequence}`, ...columns })
    .returning();
  if (invited.length > 0) {
    await db
      .insert(requestInvitations)
      .values(invited.map((vendorId) => ({ requestId: request!.id, vendorId })));
  }
  for (const storageKey of photoKeys) {
    await db
      .insert(requestPhotos)
      .values({ requestId: request!.id, storageKey, contentType: 'image/jpeg', sizeBytes: 100 });
  }
  return request!;
}

/**
 * A vendor's profile, approved by staff unless `approvedAt: null` is given (only an approved vendor
 * sees jobs, bids and can be invited: src/shared/vendor-approval.ts).
 */
export async function makeVendorProfile(
  db: Db,
  overrides: Partial<typeof vendorProfiles.$inferInsert> & { userId: number },
) {
  sequence += 1;
  const [profile] = await db
    .insert(vendorProfiles)
    .values({ companyName: `Vendor Co ${sequence}`, approvedAt: new Date(), ...overrides })
    .returning();
  return profile!;
}

/** A vendor user (`user` overrides its columns) with its vendor profile (`profile`). */
export async function makeVendor(
  db: Db,
  profile: Partial<typeof vendorProfiles.$inferInsert> = {},
  user: Parameters<typeof makeUser>[1] = {},
) {
  const vendor = await makeUser(db, { type: 'vendor', ...user });
  await makeVendorProfile(db, { userId: vendor.id, ...profile });
  return vendor;
}

/**
 * One request per named row, each `base` plus the row, made in the rows' order (so ids and default
 * times follow it): answers each name's request id.
 */
export async function makeRequests<Name extends string>(
  db: Db,
  base: Parameters<typeof makeRequest>[1],
  rows: Record<Name, Partial<Parameters<typeof makeRequest>[1]>>,
): Promise<Record<Name, number>> {
  const ids = {} as Record<Name, number>;
  for (const [name, row] of Object.entries(rows) as Array<
    [Name, Partial<Parameters<typeof makeRequest>[1]>]
  >) {
    ids[name] = (await makeRequest(db, { ...base, ...row })).id;
  }
  return ids;
}

export async function makeBid(
  db: Db,
  overrides: Partial<typeof bids.$inferInsert> & { requestId: number; vendorId: number },
) {
  const [bid] = await db
    .insert(bids)
    .values({
      amount: 500,
      estimatedTime: 2.5,
      proposedStartDate: new Date('2027-01-04T09:00:00Z'),
      ...overrides,
    })
    .returning();
  return bid!;
}
