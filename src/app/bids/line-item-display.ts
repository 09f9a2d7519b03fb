import { builtOnFirstUse } from '#shared/built-on-first-use.ts';
import { formatUsd } from '#shared/formatters.ts';
import { LINE_ITEM_UNIT_LABELS, type LineItemUnit } from '#shared/line-item-units.ts';

const cents = builtOnFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const decimals = builtOnFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** '120 sq ft', '12.5 ft', '3 each'. */
export function quantityWithUnit(quantity: number, unit: LineItemUnit): string {
  return `${decimals().format(quantity)} ${LINE_ITEM_UNIT_LABELS[unit]}`;
}

/** Unit prices may have cents ('$4.50'); whole ones read like the bid amounts ('$45'). */
export function formatUnitPrice(price: number): string {
  return Number.isInteger(price) ? formatUsd(price) : cents().format(price);
}

/** '120 sq ft × $4.50': how a line's total came about. */
export function lineItemMeasure(item: { quantity: number; unit: LineItemUnit; unit_price: number }): string {
  return `${quantityWithUnit(item.quantity, item.unit)} × ${formatUnitPrice(item.unit_price)}`;
}

/** A bid's amount; with options, the span of their amounts ('$540–$1,900'). */
export function bidAmountText(bid: { amount: number; options: readonly { amount: number }[] }): string {
  if (bid.options.length === 0) return formatUsd(bid.amount);
  const amounts = bid.options.map((option) => option.amount);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? formatUsd(low) : `${formatUsd(low)}–${formatUsd(high)}`;
}
