import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns.ts';

/**
 * A property-management company. Its managers (users.client_id) share its projects; the
 * property manager application creates one from its company and building info.
 */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  logoUrl: text('logo_url'),
  /** Digits only; shown formatted (XXX) XXX-XXXX. */
  officePhone: text('office_phone').notNull().default(''),
  /** Digits only; shown formatted XX-XXXXXXX. */
  ein: text('ein').notNull().default(''),
  totalEmployees: integer('total_employees'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
