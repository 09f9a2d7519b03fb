import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { rateLimits } from '#server/db/schema/rate-limits.ts';

/**
 * Counts one hit on a fixed-window counter shared by every process (rate_limits table) and says
 * whether it is still within `limit`. One upsert; the window restarts once it has ended.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  return (await countRateLimitHit(db, key, limit, windowMs, now)).allowed;
}

/** hitRateLimit that also says how many whole seconds remain of the window (for Retry-After). */
export async function countRateLimitHit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowEndsAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt });
  const endsAt = row?.windowEndsAt ?? windowEndsAt;
  return {
    allowed: (row?.hits ?? 1) <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  };
}
