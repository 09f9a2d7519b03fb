import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { messages } from './messages.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

/**
 * Photos sent with a message, in the order attached. `request_id` and `vendor_id` repeat the
 * message's thread so that GET /api/files/<key> decides who may read one from its own row (the
 * thread's rule, src/server/files/file-access.ts), and so that the messages' cache trigger, which
 * names a thread by those two columns, announces its changes too (migration 0027).
 */
export const messagePhotos = pgTable(
  'message_photos',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its place among the message's photos, from 0. */
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_photos_message_idx').on(t.messageId, t.position),
    // GET /api/files/<key> finds the row that references a key.
    uniqueIndex('message_photos_storage_key_idx').on(t.storageKey),
  ],
);
