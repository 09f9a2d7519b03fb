import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';

/**
 * Secrets the server makes for itself and every process must share (the key that signs unsubscribe
 * links): made once by whichever process needs it first (`on conflict do nothing`), then read.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
