import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, updatedAt } from '#server/db/columns.ts';
import { projects, units } from './projects.ts';
import { users } from './users.ts';

/*
 * Property documentation: the as-builds viewer (floor plans with photo pins and measured
 * polygons) and the 360-degree photos behind the pins, with close-up photos placed inside them.
 */

/** A floor plan image, with its pixel size and, once calibrated, its scale for measuring. */
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    widthPx: integer('width_px').notNull(),
    heightPx: integer('height_px').notNull(),
    /** Real length of one image pixel; null until calibrated (areas are then shown in pixels). */
    feetPerPixel: doublePrecision('feet_per_pixel'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('layouts_project_idx').on(t.projectId, t.sortOrder),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('layouts_storage_key_idx').on(t.storageKey),
  ],
);

/** A point of a polygon, in layout image pixels. */
export interface LayoutPoint {
  x: number;
  y: number;
}

/** A polygon measured on a layout and kept (the viewer's Polygon Coordinates panel). */
export const layoutPolygons = pgTable(
  'layout_polygons',
  {
    id: serial('id').primaryKey(),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    points: jsonb('points').$type<LayoutPoint[]>().notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('layout_polygons_layout_idx').on(t.layoutId)],
);

/**
 * in_wall: documentation taken before the walls were closed, usually 360-degree and pinned on a
 * layout (the viewer's red buttons); drone and thermal: the client properties page's other links.
 */
export const PHOTO_KINDS = ['in_wall', 'drone', 'thermal'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    layoutId: integer('layout_id').references(() => layouts.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PHOTO_KINDS }).notNull().default('in_wall'),
    /** An equirectangular 360-degree image, opened in the sphere viewer rather than as a picture. */
    is360: boolean('is_360').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The pin on the layout, as fractions (0..1) of the layout image's width and height. */
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    caption: text('caption').notNull().default(''),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_project_idx').on(t.projectId, t.kind),
    index('photos_layout_idx').on(t.layoutId),
    index('photos_unit_idx').on(t.unitId),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('photos_storage_key_idx').on(t.storageKey),
    check('photos_kind_check', isOneOf(t.kind, PHOTO_KINDS)),
    check(
      'photos_pin_check',
      sql`(${t.layoutId} is null or (${t.x} between 0 and 1 and ${t.y} between 0 and 1))`,
    ),
  ],
);

/** A close-up photo placed at a view direction inside a 360-degree photo. */
export const panoramaHotspots = pgTable(
  'panorama_hotspots',
  {
    id: serial('id').primaryKey(),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    /** Degrees: pitch -90..90 (up is positive), yaw -180..180. */
    pitch: doublePrecision('pitch').notNull(),
    yaw: doublePrecision('yaw').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    caption: text('caption').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('panorama_hotspots_photo_idx').on(t.photoId),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('panorama_hotspots_storage_key_idx').on(t.storageKey),
    check(
      'panorama_hotspots_angles_check',
      sql`${t.pitch} between -90 and 90 and ${t.yaw} between -180 and 180`,
    ),
  ],
);
