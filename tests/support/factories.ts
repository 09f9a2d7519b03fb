import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';

let sequence = 0;

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
      passwordHash: password === null ? null : await hashPassword(password),
      ...columns,
    })
    .returning();
  return user!;
}
