import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { apiKeys, users } from '#server/db/schema/users.ts';
import type { UserRow } from './session-store.ts';
import { hashToken, randomToken } from './tokens.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key found by its hash, with what decides whether it may be used (kept in the session cache). */
export interface FoundApiKey {
  apiKey: ApiKeyRow;
  user: UserRow | null;
  /** The vendor has a subscription whose status is `active` (the provider's active or trialing). */
  subscriptionActive: boolean;
}

/** `fb_` tells keys from session tokens at a glance (and in a leaked log line). */
export const API_KEY_PREFIX = 'fb_';
const TOUCH_EVERY_MS = 60_000;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Makes and stores a key; only its SHA-256 is kept, so the answer is the one time it exists in full. */
export async function createApiKey(
  db: Db,
  userId: number,
  name: string,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, name, prefix: key.slice(0, 11), keyHash: hashToken(key), lastFour: key.slice(-4) })
    .returning();
  return { row: row!, key };
}

/** May this key act now: its user an active vendor with an active subscription. */
export function isApiKeyUsable(found: FoundApiKey): boolean {
  const { user } = found;
  return (
    found.apiKey.revokedAt === null &&
    user !== null &&
    user.isActive &&
    user.type === 'vendor' &&
    found.subscriptionActive
  );
}

/** The unrevoked key with this hash, its user and whether the user's subscription is active. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<FoundApiKey | null> {
  const [found] = await db
    .select({
      apiKey: apiKeys,
      user: users,
      subscriptionActive: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${apiKeys.userId} and ${subscriptions.status} = 'active')`,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return found ?? null;
}

/** last_used_at is written at most once a minute; answers the row as it now stands. */
export async function touchApiKey(db: Db, apiKey: ApiKeyRow, now: Date): Promise<ApiKeyRow> {
  if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() <= TOUCH_EVERY_MS) return apiKey;
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, apiKey.id));
  return { ...apiKey, lastUsedAt: now };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countLiveApiKeys(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes (keeps the row, for the record); false when the user has no such live key. */
export async function revokeApiKey(db: Db, userId: number, id: number, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
