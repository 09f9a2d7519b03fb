import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { allOneOf, createdAt, moment, updatedAt } from '#server/db/columns.ts';
import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import { users } from './users.ts';

/**
 * A vendor's company, one per vendor user (the user is the vendor: bids, invitations and
 * message threads point at users.id). Made from the paid vendor application.
 */
export const vendorProfiles = pgTable(
  'vendor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `vendor_name` in the application; `name` in GET /api/vendors/ and on bids. */
    companyName: text('company_name').notNull(),
    /** Digits only. */
    ein: text('ein').notNull().default(''),
    registeredState: text('registered_state').notNull().default(''),
    industry: text('industry').notNull().default(''),
    address: text('address').notNull().default(''),
    totalEmployees: integer('total_employees'),
    /**
     * The trades it works in: it sees (and may bid on) requests of these types besides those it is
     * invited to (signed-in spec, section 6). Find vendors of a trade with `@> array[type]`.
     */
    serviceCategories: text('service_categories').array().notNull().default(sql`'{}'::text[]`),
    insuranceCertificateKey: text('insurance_certificate_key'),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    /**
     * When staff approved the vendor (its application's approval in the admin console); null from
     * the payment that made the account until then. Only an approved vendor is live: it sees and
     * hears of jobs, bids and is offered to managers (src/shared/vendor-approval.ts).
     */
    approvedAt: moment('approved_at'),
    /** Where the business is (WGS 84 degrees), set in Settings: nearby jobs without a shared position. */
    businessLatitude: doublePrecision('business_latitude'),
    businessLongitude: doublePrecision('business_longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_profiles_categories_idx').using('gin', t.serviceCategories),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('vendor_profiles_certificate_key_idx').on(t.insuranceCertificateKey),
    check('vendor_profiles_categories_check', allOneOf(t.serviceCategories, SERVICE_CATEGORIES)),
    check(
      'vendor_profiles_business_position_check',
      sql`(${t.businessLatitude} is null) = (${t.businessLongitude} is null) and (${t.businessLatitude} is null or (${t.businessLatitude} between -90 and 90 and ${t.businessLongitude} between -180 and 180))`,
    ),
  ],
);
