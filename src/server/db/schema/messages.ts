import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment } from '#server/db/columns.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

export const SENDER_ROLES = ['property_manager', 'vendor', 'staff'] as const;
export type SenderRole = (typeof SENDER_ROLES)[number];

/**
 * Messages about a request. A conversation is one (request, vendor) pair: the thread between that
 * vendor and the property manager, so a vendor never reads another bidder's thread. The vendor's
 * screens address it by request id alone; the manager's by request and vendor.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** As the sender was when writing; decides the bubble's side. */
    senderRole: text('sender_role', { enum: SENDER_ROLES }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** When the other side of the thread read it; null is unread. */
    readAt: moment('read_at'),
  },
  (t) => [
    index('messages_thread_idx').on(t.requestId, t.vendorId, t.createdAt),
    index('messages_vendor_idx').on(t.vendorId, t.createdAt),
    check('messages_sender_role_check', isOneOf(t.senderRole, SENDER_ROLES)),
    check('messages_content_check', sql`length(btrim(${t.content})) > 0`),
  ],
);
