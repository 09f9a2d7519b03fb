import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema/users.ts';
import type { NotificationCategory } from '#shared/notification-preferences.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

export interface UnsubscribeTarget {
  user: { id: number; email: string; type: typeof users.$inferSelect.type };
  category: NotificationCategory;
}

/** Whom and what an unsubscribe link names: null for a forged token or a user who is gone. */
export async function loadUnsubscribeTarget(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email, type: users.type })
    .from(users)
    .where(eq(users.id, target.userId));
  return user ? { user, category: target.category } : null;
}
