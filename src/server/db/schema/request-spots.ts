import { doublePrecision, index, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { type LayoutPoint, layouts } from './documentation.ts';
import { maintenanceRequests } from './requests.ts';

/**
 * Where on the property's floor plan a request's work is: a spot in layout image pixels
 * and, optionally, the affected area as a polygon. One row per request at most; it goes with its
 * request, and with its layout (a deleted plan leaves the request without a spot).
 */
export const requestSpots = pgTable(
  'request_spots',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    /** The affected area's outline in layout image pixels; null when only a spot was chosen. */
    area: jsonb('area').$type<LayoutPoint[]>(),
  },
  // GET /api/files/<key> asks which requests point at a layout (src/server/files/file-access.ts).
  (t) => [index('request_spots_layout_idx').on(t.layoutId)],
);
