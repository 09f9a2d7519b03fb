import { z } from 'zod';
import { lineText } from './text-fields.ts';
import { VISIT_TIMES } from './visit-request-schemas.ts';

/**
 * The admin console's Inbox (/admin/inbox): the landing page's demo requests and contact messages
 * (public spec, sections 2 and 3), which staff read and mark handled (DESIGN.md, "Beyond the spec").
 * GET /api/admin/{demo-requests|contact-messages}/ list them; POST .../{id}/handle/ and
 * .../{id}/reopen/ change one. Open means not handled yet (`handled_at` is null).
 */

export const INBOX_KINDS = ['demo-requests', 'contact-messages', 'visit-requests'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_PAGE_SIZE = 10;
export const INBOX_SEARCH_MAX = 200;

/** The demo request statuses (the table checks them: src/server/db/schema/contact.ts). */
export const DEMO_REQUEST_STATUSES = ['new', 'approved', 'declined'] as const;
export type DemoRequestStatus = (typeof DEMO_REQUEST_STATUSES)[number];
/** What staff decide when they handle a demo request. */
export const DEMO_DECISIONS = ['approved', 'declined'] as const;
export type DemoDecision = (typeof DEMO_DECISIONS)[number];

export const DEMO_REQUEST_STATUS_LABELS: Record<DemoRequestStatus, string> = {
  new: 'New',
  approved: 'Approved',
  declined: 'Declined',
};

export const INBOX_STATES = ['open', 'handled'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_MESSAGES = {
  demoNotFound: 'Demo request not found.',
  contactNotFound: 'Contact message not found.',
  demoAlreadyHandled: (status: DemoRequestStatus) =>
    `This demo request has already been ${DEMO_REQUEST_STATUS_LABELS[status].toLowerCase()}; reopen it first to decide again.`,
  demoAlreadyOpen: 'This demo request is already open.',
  contactAlreadyHandled: 'This contact message has already been marked handled.',
  contactAlreadyOpen: 'This contact message is already open.',
  visitNotFound: 'Visit request not found.',
  visitAlreadyHandled: 'This visit request has already been marked handled.',
  visitAlreadyOpen: 'This visit request is already open.',
  decision: `Choose one of: ${DEMO_DECISIONS.join(', ')}.`,
  state: `Choose one of: ${INBOX_STATES.join(', ')}.`,
  search: `Ensure the search has no more than ${INBOX_SEARCH_MAX} characters.`,
} as const;

/** The lists' query: page, state (none: every item) and search (every word must match, any case). */
export const inboxListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'A page number is required.' })
    .int('A page number must be a whole number.')
    .min(1, 'A page number must be 1 or more.')
    .default(1),
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(INBOX_STATES, { error: INBOX_MESSAGES.state }).optional(),
  ),
  search: lineText(INBOX_SEARCH_MAX, { tooLong: INBOX_MESSAGES.search }).optional(),
});
export type InboxListQuery = z.output<typeof inboxListQuerySchema>;

/** POST /api/admin/demo-requests/{id}/handle/: approve or decline (the table has no note column). */
export const handleDemoRequestSchema = z.object({
  status: z.enum(DEMO_DECISIONS, { error: INBOX_MESSAGES.decision }),
});
export type HandleDemoRequestValues = z.output<typeof handleDemoRequestSchema>;

/** Who handled an item and when; both null while it is open. */
const handledFields = {
  handled_at: z.string().nullable(),
  /** The staff member's name (their email when they have none); null once their account is gone. */
  handled_by: z.string().nullable(),
  handled_by_id: z.number().int().nullable(),
};

export const adminDemoRequestSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  company_name: z.string(),
  status: z.enum(DEMO_REQUEST_STATUSES),
  created_at: z.string(),
  ...handledFields,
});
export type AdminDemoRequest = z.infer<typeof adminDemoRequestSchema>;

export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  created_at: z.string(),
  ...handledFields,
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    results: z.array(item),
    count: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
  });

export const demoRequestPageSchema = pageOf(adminDemoRequestSchema);
export type DemoRequestPage = z.infer<typeof demoRequestPageSchema>;
export const contactMessagePageSchema = pageOf(adminContactMessageSchema);
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

/** GET /api/admin/inbox/counts/: how many of each kind are open, for the tab labels. */
export const inboxCountsSchema = z.object({
  demo_requests: z.number().int(),
  contact_messages: z.number().int(),
  visit_requests: z.number().int(),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

/** The browser's texts. */
export const INBOX_TEXTS = {
  nothingYet: 'Nothing here yet.',
  noOpen: {
    'demo-requests': 'No open demo requests.',
    'contact-messages': 'No open contact messages.',
    'visit-requests': 'No open visit requests.',
  },
  noMatch: (search: string) => `Nothing matches “${search}”.`,
  tabs: {
    'demo-requests': 'Demo requests',
    'contact-messages': 'Contact messages',
    'visit-requests': 'Visit requests',
  },
} as const satisfies {
  noOpen: Record<InboxKind, string>;
  tabs: Record<InboxKind, string>;
  [key: string]: unknown;
};

/** The subject line a `mailto:` reply starts with. */
export const REPLY_SUBJECTS: Record<InboxKind, string> = {
  'demo-requests': 'Your FieldBid demo',
  'contact-messages': 'Re: your message to FieldBid',
  'visit-requests': 'Your FieldBid visit',
};

/** A `mailto:` address for replying; the subject is encoded (a space as %20, which mail apps expect). */
export function replyLink(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Schedule a Visit requests (/schedule-visit, src/shared/visit-request-schemas.ts): a third Inbox
 * tab, handled and reopened like contact messages. GET /api/admin/visit-requests/ and POST
 * .../{id}/handle/ and .../{id}/reopen/.
 */
export const adminVisitRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company_name: z.string(),
  property_address: z.string(),
  number_of_units: z.number().int(),
  preferred_date_1: z.string(),
  preferred_time_1: z.enum(VISIT_TIMES),
  preferred_date_2: z.string().nullable(),
  preferred_time_2: z.enum(VISIT_TIMES).nullable(),
  notes: z.string(),
  created_at: z.string(),
  ...handledFields,
});
export type AdminVisitRequest = z.infer<typeof adminVisitRequestSchema>;
export const visitRequestPageSchema = pageOf(adminVisitRequestSchema);
export type VisitRequestPage = z.infer<typeof visitRequestPageSchema>;
