import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { bids } from '#server/db/schema/bids.ts';
import { clients } from '#server/db/schema/clients.ts';
import { projects } from '#server/db/schema/projects.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type { ChosenOption } from '#server/lifecycle/award-effect.ts';
import type { AwardCandidate } from '#server/lifecycle/bid-decisions.ts';
import type { RequestRow } from '#server/request-core/lifecycle-access.ts';
import { vendorNameSql } from '#server/vendors/vendor-name.ts';
import { requestNumber } from '#shared/display-names.ts';
import { ownerApprovalTerms } from '#shared/owner-approval-terms.ts';

/*
 * The canonical document an owner approves (docs/decisions/owner-approval.md): everything the page
 * shows of the award, stored as it was asked, serialised with sorted keys and hashed (SHA-256 hex).
 * The approve call names the hash it was shown, so an owner never signs a document other than the
 * one stored.
 */

export interface ApprovalLine {
  description: string;
  quantity: number;
  unit: string;
  unit_price: number;
  total: number;
}

export interface ApprovalDocument {
  request: { number: string; service_type: string; description: string };
  property: { name: string; address: string; time_zone: string };
  client_name: string;
  chosen: { vendor_name: string; label: string; amount: number; notes: string; lines: ApprovalLine[] };
  others: { vendor_name: string; label: string; amount: number }[];
  nte_limit: number | null;
  recommendation_note: string;
  manager_name: string;
  terms: string;
}

/** JSON with every object's keys sorted, so one document always serialises (and hashes) alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function documentHash(document: unknown): string {
  return createHash('sha256').update(canonicalJson(document), 'utf8').digest('hex');
}

/** "Vendor B", "Vendor C", … for the other bids when the client hides vendor names (A is the chosen one). */
const hiddenName = (index: number) => `Vendor ${String.fromCharCode(66 + (index % 25))}`;

const lines = (items: readonly ApprovalLine[]): ApprovalLine[] =>
  items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    unit_price: item.unit_price,
    total: item.total,
  }));

export interface DocumentParts {
  row: RequestRow;
  bid: AwardCandidate;
  option: ChosenOption | null;
  amount: number;
  limit: number | null;
  recommendationNote: string;
  managerName: string;
}

/** Builds the document of an award of `bid` (read in the award's transaction). */
export async function buildApprovalDocument(tx: DbOrTx, parts: DocumentParts): Promise<ApprovalDocument> {
  const { row, bid, option } = parts;
  const [property] = await tx
    .select({
      name: projects.name,
      address: projects.address,
      timeZone: projects.timeZone,
      clientName: clients.name,
      hideVendorNames: clients.hideVendorNames,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, row.projectId ?? 0));
  const others = await tx
    .select({ amount: bids.amount, options: bids.options, vendorName: vendorNameSql })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.vendorId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, bids.vendorId))
    .where(and(eq(bids.requestId, row.id), eq(bids.status, 'pending'), ne(bids.id, bid.id)))
    .orderBy(bids.amount, bids.id);
  const hide = property?.hideVendorNames ?? false;
  return {
    request: { number: requestNumber(row.id), service_type: row.type, description: row.description },
    property: {
      name: property?.name ?? '',
      address: property?.address ?? '',
      time_zone: property?.timeZone ?? 'UTC',
    },
    client_name: property?.clientName ?? '',
    chosen: {
      vendor_name: bid.vendorName,
      label: option ? `Option ${option.position}: ${option.label}` : 'Bid',
      amount: parts.amount,
      notes: option?.notes || bid.notes,
      lines: lines(option ? option.line_items : bid.lineItems),
    },
    others: others.flatMap((other, index) => {
      const vendorName = hide ? hiddenName(index) : other.vendorName;
      if (other.options.length === 0)
        return [{ vendor_name: vendorName, label: 'Bid', amount: other.amount }];
      return other.options.map((choice, position) => ({
        vendor_name: vendorName,
        label: `Option ${position + 1}: ${choice.label}`,
        amount: choice.amount,
      }));
    }),
    nte_limit: parts.limit,
    recommendation_note: parts.recommendationNote,
    manager_name: parts.managerName,
    terms: ownerApprovalTerms(property?.clientName ?? 'the property manager', bid.vendorName, parts.amount),
  };
}
