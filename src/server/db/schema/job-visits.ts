import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { VISIT_EVENTS, VISIT_PURPOSES, VISIT_STATUSES, type VisitWindow } from '#shared/visit-schemas.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

/** Which side of the job proposed or did a step: the awarded vendor or the request's managing side. */
export const VISIT_SIDES = ['vendor', 'manager'] as const;
export type VisitSide = (typeof VISIT_SIDES)[number];

/**
 * A visit of an awarded job (docs/decisions/job-visits.md): `windows` (wall-clock, in the property's
 * time zone) are on offer while proposed, the agreed one alone once confirmed, when `starts_at` and
 * `ends_at` hold it as moments. The day's steps keep the phone's times; `arrival_distance_m` is the
 * only trace of the vendor's position.
 */
export const jobVisits = pgTable(
  'job_visits',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the request. */
    number: integer('number').notNull(),
    purpose: text('purpose', { enum: VISIT_PURPOSES }).notNull(),
    status: text('status', { enum: VISIT_STATUSES }).notNull(),
    proposedBy: text('proposed_by', { enum: VISIT_SIDES }).notNull(),
    windows: jsonb('windows').$type<VisitWindow[]>().notNull().default(sql`'[]'::jsonb`),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    onMyWayAt: moment('on_my_way_at'),
    etaMinutes: integer('eta_minutes'),
    arrivedAt: moment('arrived_at'),
    arrivalDistanceM: integer('arrival_distance_m'),
    leftAt: moment('left_at'),
    leftNote: text('left_note').notNull().default(''),
    anotherVisitNeeded: boolean('another_visit_needed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('job_visits_request_number_unique').on(t.requestId, t.number),
    index('job_visits_request_idx').on(t.requestId),
    // The managers' work queue: today's and upcoming confirmed visits.
    index('job_visits_status_starts_idx').on(t.status, t.startsAt),
    check('job_visits_purpose_check', isOneOf(t.purpose, VISIT_PURPOSES)),
    check('job_visits_status_check', isOneOf(t.status, VISIT_STATUSES)),
    check('job_visits_proposed_by_check', isOneOf(t.proposedBy, VISIT_SIDES)),
  ],
);

/** Every step of a visit, never updated: `happened_at` is the phone's time for the day's steps. */
export const jobVisitEvents = pgTable(
  'job_visit_events',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => jobVisits.id, { onDelete: 'cascade' }),
    event: text('event', { enum: VISIT_EVENTS }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: VISIT_SIDES }).notNull(),
    note: text('note').notNull().default(''),
    windows: jsonb('windows').$type<VisitWindow[]>().notNull().default(sql`'[]'::jsonb`),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_visit_events_visit_idx').on(t.visitId),
    check('job_visit_events_event_check', isOneOf(t.event, VISIT_EVENTS)),
    check('job_visit_events_actor_role_check', isOneOf(t.actorRole, VISIT_SIDES)),
  ],
);

/** The vendor's photos when leaving; GET /api/files/<key> finds a visit's by `key` (file-access.ts). */
export const jobVisitPhotos = pgTable(
  'job_visit_photos',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => jobVisits.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique('job_visit_photos_key_unique'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_visit_photos_visit_idx').on(t.visitId)],
);
