import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns.ts';
import { clients } from './clients.ts';

/** A property (the spec says property and project for the same thing), owned by a client. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    /** The town job cards name ("Property · City"); '' when not known. */
    city: text('city').notNull().default(''),
    /** IANA zone of the property's wall-clock times (src/shared/property-time-zone.ts). */
    timeZone: text('time_zone').notNull().default('America/Denver'),
    /** Where the property is (WGS 84 degrees), when known: a visit's check-in distance is from here. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    /** The card image in storage (the API answers its URL as `thumbnail`); null shows 'No thumbnail provided'. */
    thumbnailKey: text('thumbnail_key'),
    /** Approval before work: awards above it wait for the owners; null: the client's default. */
    nteLimit: integer('nte_limit'),
    /** An emergency request may be awarded up to this without waiting; null: never. */
    emergencyLimit: integer('emergency_limit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_client_idx').on(t.clientId),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('projects_thumbnail_key_idx').on(t.thumbnailKey),
    // Nearby jobs (src/server/job-places/) take the properties inside a box around the vendor first.
    index('projects_position_idx').on(t.latitude, t.longitude),
    check(
      'projects_position_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
  ],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** As written on the door: '101', '2B'. */
    number: text('number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('units_project_number_unique').on(t.projectId, t.number)],
);
