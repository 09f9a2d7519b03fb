import type { Db } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects } from '#server/db/schema/projects.ts';
import { maintenanceRequests, requestInvitations, requestPhotos } from '#server/db/schema/requests.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';

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

export async function makeVendorProfile(
  db: Db,
  overrides: Partial<typeof vendorProfiles.$inferInsert> & { userId: number },
) {
  sequence += 1;
  const [profile] = await db
    .insert(vendorProfiles)
    .values({ companyName: `Vendor Co ${sequence}`, ...overrides })
    .returning();
  return profile!;
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
