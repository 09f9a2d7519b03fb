import { isApiError } from '#app/lib/api-error.ts';
import { formatUsd } from '#shared/formatters.ts';

/*
 * The words of approval before work (docs/decisions/owner-approval.md) that both sides show: the
 * owner's page and the manager's award. Pure, so the rules are tested without a screen.
 */

/** Whether an award of `amount` waits for the owner: only above a known limit (null: none). */
export function isAboveLimit(amount: number, limit: number | null | undefined): boolean {
  return limit !== null && limit !== undefined && amount > limit;
}

/** The award dialog's warning when the amount is above the limit. */
export const aboveLimitSentence = (limit: number) =>
  `This is above the limit of ${formatUsd(limit)}: the owner will be asked to approve it.`;

/** "$1,200 (limit $1,000)", or the amount alone when there is no limit. */
export function amountAgainstLimit(amount: number, limit: number | null): string {
  return limit === null ? formatUsd(amount) : `${formatUsd(amount)} (limit ${formatUsd(limit)})`;
}

const NOT_VALID = 'This link is not valid.';
const NOT_REACHED = 'The page could not be loaded. Check your connection and try again.';

/**
 * The sentence an owner's link shows instead of its page: the server's for a link that is unknown
 * (404) or no longer open (410: expired, used or revoked), else a connection problem.
 */
export function ownerLinkProblem(error: unknown): { sentence: string; final: boolean } {
  if (isApiError(error) && (error.status === 404 || error.status === 410)) {
    return { sentence: error.serverMessage ?? NOT_VALID, final: true };
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return { sentence: error.serverMessage ?? NOT_VALID, final: true };
  }
  return { sentence: NOT_REACHED, final: false };
}

/** A plan point as percentages of the plan image, kept inside it. */
export function spotPosition(
  point: { x: number; y: number },
  size: { width: number; height: number },
): { left: string; top: string } | null {
  if (size.width <= 0 || size.height <= 0) return null;
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  // Points may come as fractions of the plan (0–1) or as its pixels.
  const fractional = point.x <= 1 && point.y <= 1;
  const left = fractional ? point.x * 100 : (point.x / size.width) * 100;
  const top = fractional ? point.y * 100 : (point.y / size.height) * 100;
  return { left: `${clamp(left)}%`, top: `${clamp(top)}%` };
}
