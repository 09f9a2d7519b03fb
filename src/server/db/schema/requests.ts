import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import { LIFECYCLE_EVENTS } from '#shared/request-lifecycle.ts';
import { PRIORITIES, REQUEST_STATUSES, TIMEFRAMES } from '#shared/statuses.ts';
import { bids } from './bids.ts';
import { projects, units } from './projects.ts';
import { users } from './users.ts';

/**
 * A maintenance request (a "job" to vendors). Lifecycle beyond the spec (DESIGN.md): open →
 * in_progress when the manager awards a bid (awarded_bid_id) → the vendor marks it done
 * (vendor_completed_at, still in_progress) → completed when the manager confirms; cancelled from
 * open or in_progress. Each step is a row of request_status_history. The displayed `req-NNN` and
 * confirmation numbers are formatted from `id`.
 */
export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: serial('id').primaryKey(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null only for a request a vendor raised from its dashboard, whose form names no property. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** The service category: `type` in the detail, `service_type` in lists. */
    type: text('type', { enum: SERVICE_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    timeframe: text('timeframe', { enum: TIMEFRAMES }),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('open'),
    /**
     * Open 0, In Progress 1, Completed 2, Cancelled 3 (signed-in spec, section 9): the lists' default
     * order. Stored, so an index can serve that order (a CASE in ORDER BY made every page sort the
     * whole visible set). Keep in step with REQUEST_STATUS_SORT_ORDER (a unit test compares them).
     */
    statusRank: smallint('status_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case status when 'open' then 0 when 'in_progress' then 1 when 'completed' then 2 else 3 end`,
      ),
    /** 'Open to all': every vendor may see it and bid, whatever its categories. */
    inviteAll: boolean('invite_all').notNull().default(false),
    /**
     * When the request was opened to vendors (src/shared/request-visibility.ts). Null while a request
     * a vendor raised waits for its client's managers (migration 0026); the creation time otherwise.
     */
    openedToVendorsAt: timestamp('opened_to_vendors_at', { withTimezone: true }).defaultNow(),
    areasAffected: jsonb('areas_affected').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** bidding_config.is_open_for_bids: a bid needs this and status open. */
    isOpenForBids: boolean('is_open_for_bids').notNull().default(true),
    /** bidding_config.bid_deadline; the jobs list's `deadline`. */
    bidDeadline: timestamp('bid_deadline', { withTimezone: true }),
    // Annotated: requests and bids reference each other, which TypeScript cannot infer unaided.
    awardedBidId: integer('awarded_bid_id').references((): AnyPgColumn => bids.id, { onDelete: 'set null' }),
    vendorCompletedAt: moment('vendor_completed_at'),
    completionNote: text('completion_note').notNull().default(''),
    completedAt: moment('completed_at'),
    /**
     * Entry and access (docs/decisions/job-visits.md): how the vendor gets in, written by the
     * managers and read by the awarded vendor while the job is in progress. Never in a cached read.
     */
    accessInstructions: text('access_instructions').notNull().default(''),
    occupantName: text('occupant_name').notNull().default(''),
    occupantPhone: text('occupant_phone').notNull().default(''),
    /** Told of confirmed, moved and cancelled visits, and when the vendor is on the way. */
    occupantEmail: text('occupant_email').notNull().default(''),
    permissionToEnter: boolean('permission_to_enter').notNull().default(false),
    accessUpdatedAt: moment('access_updated_at'),
    /** Approval before work: this request's own limit; null: the property's (or client's). */
    nteLimit: integer('nte_limit'),
    isEmergency: boolean('is_emergency').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The jobs list: newest first within a status (TOOLCHAIN.md: desc needs nullsFirst to be used).
    index('maintenance_requests_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('maintenance_requests_type_idx').on(t.type, t.status),
    // The lists' orders, walked from the top and filtered by visibility, so a page reads about its
    // own rows instead of sorting the whole visible set.
    index('maintenance_requests_rank_order_idx').on(
      t.statusRank,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_type_rank_order_idx').on(
      t.type,
      t.statusRank,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The jobs list ordered by service type or deadline, either way (job-list-order.ts): without them
    // a page read every visible row and sorted it (a sequential scan, 30–57 ms at 100,000 requests).
    // A B-tree read backwards reverses every column, and these orders keep newest first within a
    // type or deadline, so each direction has its own.
    index('maintenance_requests_type_newest_idx').on(
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_type_desc_newest_idx').on(
      t.type.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_deadline_idx').on(
      t.bidDeadline.asc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_deadline_desc_idx').on(
      t.bidDeadline.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_project_newest_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('maintenance_requests_project_idx').on(t.projectId, t.status),
    index('maintenance_requests_creator_idx').on(t.createdById, t.createdAt),
    // Deleting a bid (a request's or a vendor's deletion cascades to its bids) sets the award that
    // names it to null: without this index each deleted bid read the whole table to find it.
    index('maintenance_requests_awarded_bid_idx')
      .on(t.awardedBidId)
      .where(sql`${t.awardedBidId} is not null`),
    // The held requests (a vendor's reports not yet opened to vendors): the jobs count subtracts
    // those of a vendor's trades from the counters (request-counts.ts).
    index('maintenance_requests_held_idx').on(t.type).where(sql`${t.openedToVendorsAt} is null`),
    check('maintenance_requests_type_check', isOneOf(t.type, SERVICE_CATEGORIES)),
    check('maintenance_requests_timeframe_check', isOneOf(t.timeframe, TIMEFRAMES)),
    check('maintenance_requests_priority_check', isOneOf(t.priority, PRIORITIES)),
    check('maintenance_requests_status_check', isOneOf(t.status, REQUEST_STATUSES)),
  ],
);

/** Vendors invited to bid: `invited_vendors` in lists, the request form's repeated `vendors`. */
export const requestInvitations = pgTable(
  'request_invitations',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.vendorId] }),
    index('request_invitations_vendor_idx').on(t.vendorId),
  ],
);

/** request: attached when the request was raised; completion: the vendor's photos of the finished job. */
export const REQUEST_PHOTO_KINDS = ['request', 'completion'] as const;
export type RequestPhotoKind = (typeof REQUEST_PHOTO_KINDS)[number];

export const requestPhotos = pgTable(
  'request_photos',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    kind: text('kind', { enum: REQUEST_PHOTO_KINDS }).notNull().default('request'),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_photos_request_idx').on(t.requestId),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('request_photos_storage_key_idx').on(t.storageKey),
    check('request_photos_kind_check', isOneOf(t.kind, REQUEST_PHOTO_KINDS)),
  ],
);

/**
 * What happened to a request, step by step (from_status null for its creation). Never updated or
 * deleted: read per property, it is the property's maintenance history (DESIGN.md).
 */

export const requestStatusHistory = pgTable(
  'request_status_history',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    /** The step; vendor_completed leaves the status in_progress, so from and to alone cannot tell it. */
    event: text('event', { enum: LIFECYCLE_EVENTS }).notNull(),
    fromStatus: text('from_status', { enum: REQUEST_STATUSES }),
    toStatus: text('to_status', { enum: REQUEST_STATUSES }).notNull(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_status_history_request_idx').on(t.requestId, t.createdAt),
    check('request_status_history_event_check', isOneOf(t.event, LIFECYCLE_EVENTS)),
    check('request_status_history_from_check', isOneOf(t.fromStatus, REQUEST_STATUSES)),
    check('request_status_history_to_check', isOneOf(t.toStatus, REQUEST_STATUSES)),
  ],
);

/**
 * How many requests there are per key, kept exact by statement-level triggers on
 * maintenance_requests (migration 0007), so the lists count without scanning the requests
 * (src/server/jobs-list/request-counts.ts). Never written by the application.
 */
export const requestCountsByType = pgTable(
  'request_counts_by_type',
  {
    type: text('type').notNull(),
    status: text('status').notNull(),
    inviteAll: boolean('invite_all').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.status, t.inviteAll] })],
);

/** The manager list's counters: requests on a property per type, status and priority. */
export const requestCountsByProject = pgTable(
  'request_counts_by_project',
  {
    projectId: integer('project_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.type, t.status, t.priority] })],
);
