import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** A write the caches are not told of: the triggers (and with them the notices) are off for it. */
export async function writeUnannounced(t: TestApp, statement: SQL): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** A GET that must answer 200, as JSON. */
export async function readJson<T>(client: TestClient, url: string): Promise<T> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}
