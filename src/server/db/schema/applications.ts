import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { MANAGER_APPLICATION_STATUSES, VENDOR_APPLICATION_STATUSES } from '#shared/admin-applications.ts';
import { clients } from './clients.ts';
import { plans } from './plans.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/*
 * Both wizards save their steps before any account exists, so a draft belongs to the visitor's
 * session (public spec, section 4): one draft per session and kind. A purged session clears the
 * link; a submitted application keeps its data whatever happens to the session.
 */

/** Property manager application: building info, admin contact, company info (public spec, section 3). */
export const propertyManagerApplications = pgTable(
  'property_manager_applications',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    status: text('status', { enum: MANAGER_APPLICATION_STATUSES }).notNull().default('draft'),
    // Building info
    buildingName: text('building_name').notNull().default(''),
    buildingAddress: text('building_address').notNull().default(''),
    /** Digits only. */
    officePhone: text('office_phone').notNull().default(''),
    /** Digits only. */
    ein: text('ein').notNull().default(''),
    totalEmployees: integer('total_employees'),
    // Admin contact
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    // Company info
    companyName: text('company_name').notNull().default(''),
    companyAddress: text('company_address').notNull().default(''),
    companyLogo: text('company_logo'),
    /** Set on submit: the account created, and its company (client). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    submittedAt: moment('submitted_at'),
    reviewedAt: moment('reviewed_at'),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pm_applications_one_draft_per_session').on(t.sessionId).where(sql`${t.status} = 'draft'`),
    index('pm_applications_status_idx').on(t.status, t.createdAt),
    check('pm_applications_status_check', isOneOf(t.status, MANAGER_APPLICATION_STATUSES)),
  ],
);

/** Vendor application: eleven company fields, the insurance certificate and the plan (public spec, section 3). */
export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    status: text('status', { enum: VENDOR_APPLICATION_STATUSES }).notNull().default('draft'),
    vendorName: text('vendor_name').notNull().default(''),
    totalEmployees: integer('total_employees'),
    ein: text('ein').notNull().default(''),
    registeredState: text('registered_state').notNull().default(''),
    industry: text('industry').notNull().default(''),
    address: text('address').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The insurance certificate in storage; its type was checked by content (PDF or image). */
    insuranceCertificateKey: text('insurance_certificate_key'),
    insuranceCertificateContentType: text('insurance_certificate_content_type'),
    insuranceCertificateSize: integer('insurance_certificate_size'),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    /** The current checkout (checkout_sessions.id, the provider's session id). */
    checkoutId: text('checkout_id'),
    /** Shown on the success page; set when the payment is confirmed. */
    confirmationNumber: text('confirmation_number').unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: moment('submitted_at'),
    paidAt: moment('paid_at'),
    reviewedAt: moment('reviewed_at'),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_applications_one_draft_per_session')
      .on(t.sessionId)
      .where(sql`${t.status} = 'draft'`),
    index('vendor_applications_status_idx').on(t.status, t.createdAt),
    index('vendor_applications_checkout_idx').on(t.checkoutId),
    // GET /api/files/<key> finds the row that references a key (src/server/files/file-access.ts).
    index('vendor_applications_certificate_key_idx').on(t.insuranceCertificateKey),
    check('vendor_applications_status_check', isOneOf(t.status, VENDOR_APPLICATION_STATUSES)),
  ],
);
