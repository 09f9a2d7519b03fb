import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * Turns texts off (a STOP) or on again (START) for every account whose profile has this number (its
 * ten digits): a number is one person's phone, whoever signed up with it. The ids it changed.
 */
export async function setTextsForNumber(db: DbOrTx, profileDigits: string, on: boolean): Promise<number[]> {
  const changed = await db
    .update(users)
    .set({ smsNotifications: on })
    .where(eq(users.phoneNumber, profileDigits))
    .returning({ id: users.id });
  return changed.map((user) => user.id);
}
