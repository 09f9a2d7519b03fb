import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';

let sequence = 0;

// Fixture users get a cheap scrypt cost (verification reads the cost from the stored hash), one hash
// per password: hashing and checking at full cost made up most of the API suite's time.
const FIXTURE_COST = { N: 1024, r: 8, p: 1 };
const fixtureHashes = new Map<string, Promise<string>>();

export function fixtureHash(password: string): Promise<string> {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password, FIXTURE_COST);
    fixtureHashes.set(password, hash);
  }
  return hash;
}

export const TEST_PASSWORD = 'correct horse battery';

/** A user with sensible defaults; a test states only what it is about. */
export async function makeUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string | null } = {},
) {
  sequence += 1;
  const { password = TEST_PASSWORD, ...columns } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${sequence}-${Date.now()}@example.test`,
      firstName: 'Test',
      lastName: `User ${sequence}`,
      type: 'vendor',
      emailConfirmedAt: new Date(),
      passwordHash: password === null ? null : await fixtureHash(password),
      ...columns,
    })
    .returning();
  return user!;
}
