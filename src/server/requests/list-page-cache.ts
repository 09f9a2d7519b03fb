import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { requestListGeneration } from '../db/schema/requests.ts';

/**
 * Pages of the vendor jobs list, kept per process (issue 14: a deep page costs an index walk of
 * thousands of rows however well indexed, and vendors page through the same lists over and over).
 *
 * A page is reused only while the request-list generation it was made at is still the current one:
 * triggers bump that number in the same transaction as any write to the requests or their
 * invitations (migration 0008), so reading it (one primary-key row) tells every process, with the
 * database's own consistency, whether anything a page shows may have changed. A write that commits
 * while a page is being made leaves the page under the older number, so the next read makes it again.
 */
export interface CachedPage<Body> {
  body: Body;
  /** Weak: the same key and generation always answer the same body. */
  etag: string;
}

interface Entry {
  generation: number;
  body: unknown;
  etag: string;
}

const DEFAULT_MAX_ENTRIES = 5_000;

export async function currentListGeneration(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: requestListGeneration.n })
    .from(requestListGeneration)
    .where(eq(requestListGeneration.id, 1));
  return row?.n ?? 0;
}

export class ListPageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#maxEntries = maxEntries;
  }

  /** `key` must name everything the page depends on besides the requests: the viewer and the query. */
  async page<Body>(db: Db, key: string, make: () => Promise<Body>): Promise<CachedPage<Body>> {
    const generation = await currentListGeneration(db);
    const hit = this.#entries.get(key);
    if (hit && hit.generation === generation) {
      // Most recently used last, so the bound below drops the coldest page.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return { body: hit.body as Body, etag: hit.etag };
    }
    const body = await make();
    const etag = `W/"${generation}-${createHash('sha256').update(key).digest('base64url').slice(0, 16)}"`;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const coldest = this.#entries.keys().next().value;
      if (coldest !== undefined) this.#entries.delete(coldest);
    }
    this.#entries.set(key, { generation, body, etag });
    return { body, etag };
  }
}
