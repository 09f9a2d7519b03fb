import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { bids } from '#server/db/schema/bids.ts';
import { units } from '#server/db/schema/projects.ts';
import { maintenanceRequests as mr, requestPhotos } from '#server/db/schema/requests.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import type { ServiceCategory } from '#shared/categories.ts';

export interface HistoryEntry {
  id: number;
  type: ServiceCategory;
  description: string;
  unit: string | null;
  vendor: string | null;
  /** The awarded bid's amount in whole dollars (the awarded option's, when it offered options). */
  cost: number | null;
  /** The awarded option's name, or null for a plain bid. */
  awarded_option: string | null;
  created: Date;
  /** When the bid was awarded. */
  started: Date | null;
  completed: Date | null;
  completion_note: string;
  /** The vendor's completion photos, as the request detail lists photos. */
  photos: Array<{ id: number; url: string }>;
}

/** A property's maintenance history (DESIGN.md): every completed job, most recently completed first. */
export async function loadProjectHistory(db: Db, projectId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: mr.id,
      type: mr.type,
      description: mr.description,
      unit: units.number,
      vendor: vendorNameSql,
      // A bid's own amount is its first option's: the awarded option's price is the job's cost.
      cost: sql<
        number | null
      >`coalesce((${bids.options} -> (${bids.awardedOption} - 1) ->> 'amount')::integer, ${bids.amount})`,
      awarded_option: sql<string | null>`${bids.options} -> (${bids.awardedOption} - 1) ->> 'label'`,
      created: mr.createdAt,
      started: bids.decidedAt,
      completed: mr.completedAt,
      completion_note: mr.completionNote,
    })
    .from(mr)
    .leftJoin(units, eq(units.id, mr.unitId))
    .leftJoin(bids, eq(bids.id, mr.awardedBidId))
    .leftJoin(users, eq(users.id, bids.vendorId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
    .where(and(eq(mr.projectId, projectId), eq(mr.status, 'completed')))
    .orderBy(desc(mr.completedAt), desc(mr.id));
  const photos =
    rows.length === 0
      ? []
      : await db
          .select({ id: requestPhotos.id, requestId: requestPhotos.requestId, key: requestPhotos.storageKey })
          .from(requestPhotos)
          .where(
            and(
              inArray(
                requestPhotos.requestId,
                rows.map((row) => row.id),
              ),
              eq(requestPhotos.kind, 'completion'),
            ),
          )
          .orderBy(asc(requestPhotos.id));
  return rows.map((row) => ({
    ...row,
    // No awarded bid left (its vendor deleted): the vendor name expression yields null then.
    vendor: row.vendor ?? null,
    photos: photos
      .filter((photo) => photo.requestId === row.id)
      .map((photo) => ({ id: photo.id, url: fileUrl(photo.key) })),
  }));
}
