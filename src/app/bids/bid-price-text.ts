import { formatUsd } from '#shared/formatters.ts';

/**
 * A bid's price as one line of text. A one-price bid is its amount ('$725'); a bid with options is
 * the span of its options and how many there are ('$295–$2,400, 3 options'): no single figure
 * (option 1's, or their sum) is what the vendor asks.
 */
export function bidPriceText(bid: { amount: number; option_amounts?: readonly number[] }): string {
  const amounts = bid.option_amounts ?? [];
  if (amounts.length === 0) return formatUsd(bid.amount);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const span = low === high ? formatUsd(low) : `${formatUsd(low)}–${formatUsd(high)}`;
  return `${span}, ${amounts.length} options`;
}

const amountOf = (value: unknown): number | null => {
  const amount = Number(value);
  return value !== undefined && value !== null && Number.isFinite(amount) ? amount : null;
};

/**
 * The price of a bid kept in the outbox, read from the body it will send (bid-wire-body.ts): a plain
 * `amount`, or `options` each with its own amount. Empty when the body holds neither.
 */
export function queuedBidPriceText(body: Record<string, unknown>): string {
  const options = Array.isArray(body.options) ? (body.options as Array<{ amount?: unknown }>) : [];
  const optionAmounts = options.map((option) => amountOf(option?.amount));
  if (options.length > 0 && optionAmounts.every((amount) => amount !== null)) {
    return bidPriceText({ amount: 0, option_amounts: optionAmounts as number[] });
  }
  const amount = amountOf(body.amount);
  return amount === null ? '' : formatUsd(amount);
}
