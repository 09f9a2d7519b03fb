import type { BidOptionBody } from '#shared/bid-line-items.ts';
import { formatDate, formatDateTime } from '#shared/date-display.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { TimeUnit } from '#shared/statuses.ts';
import { timeWithUnit } from './bid-display.ts';
import { bidAmountText } from './line-item-display.ts';

/*
 * What changed between two versions of a bid's terms, in words: the manager's "Edited" history and
 * the award's "This bid changed since you opened it" both list it. Plain data, tested on its own.
 */

interface PricedLine {
  description: string;
  quantity: number;
  unit: string;
  unit_price: number;
  total: number;
}

/** A bid's terms as a screen holds them: a revision, a bid's answer, a request detail's bid. */
export interface BidTerms {
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  line_items: readonly PricedLine[];
  options: readonly BidOptionBody[];
  /** Absent where the screen's copy does not carry it (the request detail's bids). */
  proposed_start_date?: string;
  notes?: string;
}

/** One changed term: what it is, and how it read before and after. */
export interface TermChange {
  what: string;
  before: string;
  after: string;
}

function linesText(items: readonly PricedLine[]): string {
  if (items.length === 0) return 'None';
  const total = items.reduce((sum, item) => sum + item.total, 0);
  return `${items.length} ${items.length === 1 ? 'line item' : 'line items'}, ${formatUsd(total)}`;
}

const sameLines = (a: readonly PricedLine[], b: readonly PricedLine[]) =>
  JSON.stringify(a.map((item) => [item.description, item.quantity, item.unit, item.unit_price])) ===
  JSON.stringify(b.map((item) => [item.description, item.quantity, item.unit, item.unit_price]));

/** The terms in a few words: 'One price, $900' or '3 options, $300–$2,400'. */
export function offerText(terms: Pick<BidTerms, 'amount' | 'options'>): string {
  return terms.options.length === 0
    ? `One price, ${formatUsd(terms.amount)}`
    : `${terms.options.length} options, ${bidAmountText(terms)}`;
}

interface Priced {
  amount: number;
  estimated_time: number;
  estimated_time_unit: TimeUnit;
  line_items: readonly PricedLine[];
}

/** What each priced term is called: the bid's own, or one option's. */
interface PricedNames {
  amount: string;
  time: string;
  lines: string;
}

const BID_NAMES: PricedNames = { amount: 'Amount', time: 'Time', lines: 'Line items' };
const optionNames = (option: string): PricedNames => ({
  amount: option,
  time: `${option}: time`,
  lines: `${option}: line items`,
});

/** The changes of one priced offer (the bid, or one of its options). */
function pricedChanges(names: PricedNames, before: Priced, after: Priced, add: (change: TermChange) => void) {
  add({ what: names.amount, before: formatUsd(before.amount), after: formatUsd(after.amount) });
  add({
    what: names.time,
    before: timeWithUnit(before.estimated_time, before.estimated_time_unit),
    after: timeWithUnit(after.estimated_time, after.estimated_time_unit),
  });
  if (!sameLines(before.line_items, after.line_items)) {
    const was = linesText(before.line_items);
    const now = linesText(after.line_items);
    // Other lines adding up to the same total still read as a change.
    add({ what: names.lines, before: was, after: now === was ? `${now} (changed)` : now });
  }
}

/**
 * Every term that differs between `before` and `after`, in the order a bid reads: price and time
 * (of the bid, or option by option), then start and notes where both copies carry them.
 */
export function bidTermChanges(before: BidTerms, after: BidTerms): TermChange[] {
  const changes: TermChange[] = [];
  const add = (change: TermChange) => {
    if (change.before !== change.after) changes.push(change);
  };
  if (before.options.length === 0 && after.options.length === 0) {
    pricedChanges(BID_NAMES, before, after, add);
  } else if (before.options.length === 0 || after.options.length === 0) {
    add({ what: 'Offer', before: offerText(before), after: offerText(after) });
  } else {
    const count = Math.max(before.options.length, after.options.length);
    for (let index = 0; index < count; index += 1) {
      const was = before.options[index];
      const now = after.options[index];
      const name = `Option ${index + 1} “${(now ?? was)!.label}”`;
      if (was && now) {
        add({ what: `Option ${index + 1} name`, before: was.label, after: now.label });
        pricedChanges(optionNames(name), was, now, add);
        add({ what: `${name}: notes`, before: was.notes || 'None', after: now.notes || 'None' });
      } else if (was) {
        add({ what: name, before: formatUsd(was.amount), after: 'No longer offered' });
      } else if (now) {
        add({ what: name, before: 'Not offered', after: formatUsd(now.amount) });
      }
    }
  }
  if (before.proposed_start_date !== undefined && after.proposed_start_date !== undefined) {
    const sameDay = formatDate(before.proposed_start_date) === formatDate(after.proposed_start_date);
    const format = sameDay ? formatDateTime : formatDate;
    add({
      what: 'Start',
      before: format(before.proposed_start_date),
      after: format(after.proposed_start_date),
    });
  }
  if (before.notes !== undefined && after.notes !== undefined) {
    add({ what: 'Notes', before: before.notes || 'None', after: after.notes || 'None' });
  }
  return changes;
}
