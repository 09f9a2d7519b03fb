import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns.ts';

/**
 * A property-management company. Its managers (users.client_id) share its projects; the
 * property manager application creates one from its company and building info.
 */
export const clients = pgTable(
  'clients',
  {
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
    /** Approval before work (docs/decisions/owner-approval.md): the limit of properties that set none. */
    defaultNteLimit: integer('default_nte_limit'),
    allowOverride: boolean('allow_override').notNull().default(false),
    hideVendorNames: boolean('hide_vendor_names').notNull().default(false),
    approvalExpiryDays: integer('approval_expiry_days').notNull().default(7),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('clients_approval_expiry_days_check', sql`${t.approvalExpiryDays} between 1 and 30`)],
);
