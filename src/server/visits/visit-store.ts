import { asc, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { jobVisitEvents, jobVisitPhotos, jobVisits, type VisitSide } from '#server/db/schema/job-visits.ts';
import { projects } from '#server/db/schema/projects.ts';
import { users } from '#server/db/schema/users.ts';
import { DEFAULT_PROPERTY_TIME_ZONE } from '#shared/property-time-zone.ts';
import type { VisitEvent, VisitWindow } from '#shared/visit-schemas.ts';

// A job's visits, their history and their photos: plain queries, never a cached read.

export type VisitRow = typeof jobVisits.$inferSelect;

/** The visit, held FOR UPDATE with `lock` until the transaction ends (two racing steps take turns). */
export async function readVisit(db: DbOrTx, id: number, lock = false): Promise<VisitRow | null> {
  const query = db.select().from(jobVisits).where(eq(jobVisits.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function requestVisits(db: DbOrTx, requestId: number): Promise<VisitRow[]> {
  return db.select().from(jobVisits).where(eq(jobVisits.requestId, requestId)).orderBy(asc(jobVisits.number));
}

/** The next visit's number within its request (the request row is held by the caller). */
export async function nextVisitNumber(db: DbOrTx, requestId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(jobVisits.number) })
    .from(jobVisits)
    .where(eq(jobVisits.requestId, requestId));
  return (row?.last ?? 0) + 1;
}

export async function insertVisit(db: DbOrTx, values: typeof jobVisits.$inferInsert): Promise<VisitRow> {
  const [row] = await db.insert(jobVisits).values(values).returning();
  return row!;
}

export async function updateVisit(
  db: DbOrTx,
  id: number,
  changes: Partial<typeof jobVisits.$inferInsert>,
  now: Date,
): Promise<VisitRow> {
  const [row] = await db
    .update(jobVisits)
    .set({ ...changes, updatedAt: now })
    .where(eq(jobVisits.id, id))
    .returning();
  return row!;
}

export interface NewVisitEvent {
  visitId: number;
  event: VisitEvent;
  actorId: number;
  actorRole: VisitSide;
  note?: string;
  windows?: VisitWindow[];
  /** The phone's time for the day's steps; the server's otherwise. */
  happenedAt: Date;
  recordedAt: Date;
}

export async function recordVisitEvent(db: DbOrTx, event: NewVisitEvent): Promise<void> {
  await db.insert(jobVisitEvents).values({ ...event, note: event.note ?? '', windows: event.windows ?? [] });
}

export async function insertVisitPhotos(
  db: DbOrTx,
  visitId: number,
  photos: readonly { key: string; contentType: string; sizeBytes: number }[],
  at: Date,
): Promise<void> {
  if (photos.length === 0) return;
  await db.insert(jobVisitPhotos).values(photos.map((photo) => ({ visitId, ...photo, createdAt: at })));
}

export interface VisitEventRow {
  visitId: number;
  event: VisitEvent;
  actorRole: VisitSide;
  actorName: string;
  note: string;
  windows: VisitWindow[];
  happenedAt: Date;
  recordedAt: Date;
}

/** The visits' history (oldest first) and photo keys, by visit id. */
export async function visitDetails(
  db: DbOrTx,
  visitIds: readonly number[],
): Promise<{ events: Map<number, VisitEventRow[]>; photoKeys: Map<number, string[]> }> {
  const events = new Map<number, VisitEventRow[]>();
  const photoKeys = new Map<number, string[]>();
  if (visitIds.length === 0) return { events, photoKeys };
  const eventRows = await db
    .select({
      visitId: jobVisitEvents.visitId,
      event: jobVisitEvents.event,
      actorRole: jobVisitEvents.actorRole,
      firstName: users.firstName,
      lastName: users.lastName,
      note: jobVisitEvents.note,
      windows: jobVisitEvents.windows,
      happenedAt: jobVisitEvents.happenedAt,
      recordedAt: jobVisitEvents.recordedAt,
    })
    .from(jobVisitEvents)
    .leftJoin(users, eq(users.id, jobVisitEvents.actorId))
    .where(inArray(jobVisitEvents.visitId, [...visitIds]))
    .orderBy(asc(jobVisitEvents.id));
  for (const { firstName, lastName, ...row } of eventRows) {
    const actorName = `${firstName ?? ''} ${lastName ?? ''}`.trim();
    const list = events.get(row.visitId) ?? [];
    list.push({ ...row, actorName });
    events.set(row.visitId, list);
  }
  const photoRows = await db
    .select({ visitId: jobVisitPhotos.visitId, key: jobVisitPhotos.key })
    .from(jobVisitPhotos)
    .where(inArray(jobVisitPhotos.visitId, [...visitIds]))
    .orderBy(asc(jobVisitPhotos.id));
  for (const row of photoRows) photoKeys.set(row.visitId, [...(photoKeys.get(row.visitId) ?? []), row.key]);
  return { events, photoKeys };
}

/** Where the work happens: its time zone, address and (when known) position. */
export interface Property {
  timeZone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export async function readProperty(db: DbOrTx, projectId: number | null): Promise<Property> {
  const none: Property = {
    timeZone: DEFAULT_PROPERTY_TIME_ZONE,
    address: '',
    latitude: null,
    longitude: null,
  };
  if (projectId === null) return none;
  const [row] = await db
    .select({
      timeZone: projects.timeZone,
      address: projects.address,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? none;
}
