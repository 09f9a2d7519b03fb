import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf, moment, updatedAt } from '#server/db/columns.ts';
import { OWNER_APPROVAL_EVENTS, OWNER_APPROVAL_STATUSES } from '#shared/owner-approval-schemas.ts';
import { bids } from './bids.ts';
import { projects } from './projects.ts';
import { maintenanceRequests } from './requests.ts';
import { users } from './users.ts';

/*
 * Approval before work (docs/decisions/owner-approval.md): a property's owners (no account), an
 * award above the limit waiting for them, the signed links they answer through, and what happened.
 */

/** Who approves awards above a property's limit: mailed a link, never an account. */
export const projectOwnerContacts = pgTable(
  'project_owner_contacts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('project_owner_contacts_project_idx').on(t.projectId)],
);

/**
 * One award put to the owners: the canonical document they are shown (`document`, whose SHA-256 is
 * `document_hash`), the bid's version at the time, and the decision with its evidence.
 */
export const ownerApprovals = pgTable(
  'owner_approvals',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    optionPosition: integer('option_position'),
    amount: integer('amount').notNull(),
    nteLimit: integer('nte_limit'),
    status: text('status', { enum: OWNER_APPROVAL_STATUSES }).notNull(),
    recommendationNote: text('recommendation_note').notNull().default(''),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    documentHash: text('document_hash').notNull(),
    bidVersion: integer('bid_version').notNull(),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindedAt: moment('reminded_at'),
    managerAlertedAt: moment('manager_alerted_at'),
    decidedAt: moment('decided_at'),
    decidedByName: text('decided_by_name').notNull().default(''),
    decisionNote: text('decision_note').notNull().default(''),
    /** The owner's drawn signature (PNG) in app.files. */
    signatureKey: text('signature_key'),
    decisionIp: text('decision_ip').notNull().default(''),
    decisionUserAgent: text('decision_user_agent').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('owner_approvals_status_expires_idx').on(t.status, t.expiresAt),
    index('owner_approvals_request_idx').on(t.requestId),
    check('owner_approvals_status_check', isOneOf(t.status, OWNER_APPROVAL_STATUSES)),
  ],
);

/** One owner's link to an approval: only the token's SHA-256 is kept; single use. */
export const ownerApprovalLinks = pgTable(
  'owner_approval_links',
  {
    id: serial('id').primaryKey(),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => ownerApprovals.id, { onDelete: 'cascade' }),
    ownerContactId: integer('owner_contact_id').references(() => projectOwnerContacts.id, {
      onDelete: 'set null',
    }),
    ownerName: text('owner_name').notNull(),
    ownerEmail: text('owner_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: moment('opened_at'),
    usedAt: moment('used_at'),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('owner_approval_links_approval_idx').on(t.approvalId)],
);

export const ownerApprovalEvents = pgTable(
  'owner_approval_events',
  {
    id: serial('id').primaryKey(),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => ownerApprovals.id, { onDelete: 'cascade' }),
    event: text('event', { enum: OWNER_APPROVAL_EVENTS }).notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('owner_approval_events_approval_idx').on(t.approvalId),
    check('owner_approval_events_event_check', isOneOf(t.event, OWNER_APPROVAL_EVENTS)),
  ],
);
