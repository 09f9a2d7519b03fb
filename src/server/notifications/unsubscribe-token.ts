import { createHmac } from 'node:crypto';
import { serverSecret } from '#server/auth/server-secrets.ts';
import { safeEqual } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/database.ts';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '#shared/notification-preferences.ts';

const SECRET_NAME = 'unsubscribe_links';

function signature(secret: Buffer, userId: number, category: NotificationCategory): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${category}`).digest('base64url');
}

/** The key unsubscribe links are signed with (read once per process; outside any transaction). */
export function unsubscribeSecret(db: Db): Promise<Buffer> {
  return serverSecret(db, SECRET_NAME);
}

/**
 * The token of a notification mail's one-click unsubscribe link (RFC 8058): the user and category
 * it turns email off for, signed with the server's own key. It never expires (a mail is read months
 * later) and can only ever switch that one category's email off, so it needs no single use.
 */
export function signUnsubscribeToken(secret: Buffer, userId: number, category: NotificationCategory): string {
  return `${userId}.${category}.${signature(secret, userId, category)}`;
}

export async function unsubscribeToken(
  db: Db,
  userId: number,
  category: NotificationCategory,
): Promise<string> {
  return signUnsubscribeToken(await unsubscribeSecret(db), userId, category);
}

export async function readUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ userId: number; category: NotificationCategory } | null> {
  const match = /^([1-9]\d{0,9})\.([a-z_]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const category = match[2] as NotificationCategory;
  if (!NOTIFICATION_CATEGORIES.includes(category) || userId > 2_147_483_647) return null;
  const expected = signature(await unsubscribeSecret(db), userId, category);
  return safeEqual(expected, match[3]!) ? { userId, category } : null;
}
