import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { serverSecrets } from '#server/db/schema/server-secrets.ts';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function readOrMake(db: Db, name: string): Promise<Buffer> {
  // Whoever inserts first wins; everyone then reads the same value.
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64url');
}

/**
 * A 256-bit secret the server made for itself, the same in every process on the database (kept in
 * `server_secrets`, made on first use). Never leaves the server; deleting the row rotates it (and
 * voids everything it signed).
 */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) {
    secrets = new Map();
    cache.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (!secret) {
    secret = readOrMake(db, name);
    secrets.set(name, secret);
    secret.catch(() => secrets.delete(name));
  }
  return secret;
}
