import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { queryRows } from '#server/db/query-rows.ts';
import {
  maintenanceRequests as mr,
  requestInvitations,
  requestPhotos,
  requestStatusHistory,
} from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import type { RequestInput } from '#shared/request-schemas.ts';

// Maintenance requests as POST /api/requests/ writes them (request-create-routes.ts).

export type RequestRow = typeof mr.$inferSelect;

/**
 * A request id taken ahead of the row: a new request's photos go to storage before any row is
 * written (their keys carry the id), see request-create-routes.ts.
 */
export async function reserveRequestId(tx: DbOrTx): Promise<number> {
  const [reserved] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('maintenance_requests', 'id'))::int as id`,
  );
  return reserved!.id;
}

export interface NewRequest {
  id: number;
  createdById: number;
  projectId: number;
  unitId: number | null;
  input: RequestInput;
  invitedVendorIds: readonly number[];
  /** False for a vendor's report: held for its client's managers (opened_to_vendors_at null). */
  openToVendors: boolean;
  photos: readonly { key: string; contentType: string; sizeBytes: number }[];
}

/**
 * Writes a new request with its 'created' history row, its invitations and its photos (already in
 * storage). Answers the row and the photos' ids with their keys.
 */
export async function insertRequest(tx: DbOrTx, request: NewRequest) {
  const { input } = request;
  const [row] = await tx
    .insert(mr)
    .values({
      id: request.id,
      createdById: request.createdById,
      projectId: request.projectId,
      unitId: request.unitId,
      type: input.type,
      description: input.description,
      timeframe: input.timeframe,
      priority: input.priority,
      inviteAll: input.invite_all,
      // Open from its creation (the column's default, the same moment as created_at), or held.
      ...(request.openToVendors ? {} : { openedToVendorsAt: null }),
      areasAffected: input.areas_affected,
      bidDeadline: input.bid_deadline ? new Date(input.bid_deadline) : null,
    })
    .returning();
  const created = row!;
  await tx.insert(requestStatusHistory).values({
    requestId: created.id,
    event: 'created',
    fromStatus: null,
    toStatus: created.status,
    changedById: request.createdById,
    createdAt: created.createdAt,
  });
  if (request.invitedVendorIds.length > 0) {
    await tx
      .insert(requestInvitations)
      .values(request.invitedVendorIds.map((vendorId) => ({ requestId: created.id, vendorId })));
  }
  const photos =
    request.photos.length === 0
      ? []
      : await tx
          .insert(requestPhotos)
          .values(
            request.photos.map((photo) => ({
              requestId: created.id,
              storageKey: photo.key,
              contentType: photo.contentType,
              sizeBytes: photo.sizeBytes,
              kind: 'request' as const,
              uploadedById: request.createdById,
            })),
          )
          .returning({ id: requestPhotos.id, key: requestPhotos.storageKey });
  return { created, photos };
}

/** The author's shown name (a vendor's company, else the person's name) for the notices. */
export async function authorName(tx: DbOrTx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ name: vendorNameSql })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.name ?? '';
}
