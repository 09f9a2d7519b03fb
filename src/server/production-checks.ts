import { inArray } from 'drizzle-orm';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/auth/demo-accounts.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import type { Config } from '#server/config/config.ts';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * The demo accounts that still sign in with the password the README publishes. Checked by the
 * stored hash, so an account whose password was changed no longer counts.
 */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_EMAILS)));
  const published = await Promise.all(
    rows.map(async (row) =>
      row.passwordHash && (await verifyPassword(DEMO_PASSWORD, row.passwordHash)) ? row.email : null,
    ),
  );
  return published.filter((email): email is string => email !== null).sort();
}

/**
 * Why a real deployment must not start, one sentence each (none for a development server):
 * demo accounts anyone can sign in to, and a test checkout that takes no real payment unless
 * PAYMENTS_PROVIDER=local names it on purpose.
 */
export function productionRefusals(config: Config, demoAccounts: string[]): string[] {
  if (!config.production) return [];
  const refusals: string[] = [];
  if (demoAccounts.length > 0) {
    refusals.push(
      `refusing to start in production: the demo accounts ${demoAccounts.join(', ')} still have the published password ${DEMO_PASSWORD}; change their passwords or delete them first`,
    );
  }
  if (!config.stripe && !config.paymentsProviderNamed) {
    refusals.push(
      'refusing to start in production: payments would go through the local test checkout, which takes no real payment; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=local to run the test checkout on purpose',
    );
  }
  return refusals;
}
