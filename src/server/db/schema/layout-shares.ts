import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { layouts } from './documentation.ts';
import { users } from './users.ts';

/**
 * A layout its writers chose to publish as a read-only embed (src/shared/layout-share.ts): one row
 * while it is shared. The token is the only key to the public plan; turning the share off deletes
 * the row, so the token stops working, and turning it on again makes a new one. Kept in the clear
 * (not hashed like session tokens): it is a link the manager copies again into their site, and it
 * opens only what the site shows anyway.
 */
export const layoutShares = pgTable(
  'layout_shares',
  {
    layoutId: integer('layout_id')
      .primaryKey()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('layout_shares_token_idx').on(t.token)],
);
