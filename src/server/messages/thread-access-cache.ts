import type { FastifyRequest } from 'fastify';
import { cacheTag } from '#server/cache/cache-changes.ts';
import type { ChangeFeed } from '#server/cache/change-feed.ts';
import { ReadCache, type Tagged } from '#server/cache/read-cache.ts';
import { cachesReady } from '#server/cache/request-ready.ts';
import type { Db } from '#server/db/database.ts';
import { readThreadRow, type ThreadQuery, type ThreadRow } from './message-thread.ts';

interface KeptThread extends Tagged {
  row: ThreadRow;
}

/** Threads written to or read at once in one process; a kept row is a few hundred bytes. */
const MAX_THREADS = 10_000;

/**
 * What each message's access check reads (message-thread.ts: the request's visibility facts, its
 * managers, the thread's vendor and the recipients' notification facts), kept in this process per
 * thread and direction. A message's write took two statements, this read and the write
 * (group-committed); on the bench data this read cost as much of the database as the write itself.
 *
 * The row is kept only while the change feed vouches for it (cache/change-feed.ts: every write
 * committed before the request is applied first; the request's one wait, cache/request-ready.ts,
 * shared with its session's), and dropped once anything it was read from
 * changes. Its tags name each: the request with its invitations (`r:`), the creator, the managers
 * and the vendor with their trades (`u:`), who the client's managers are (`cm:`) and the recipients'
 * choices, quiet hours and devices (`nf:`). Rows a later insert could change without naming a tag
 * are not kept: no request (404), or a named vendor that is not one (yet).
 *
 * The row is the same object for every caller that finds it: loadThreadAccess only reads it.
 */
export class ThreadAccessCache {
  readonly #rows: ReadCache<KeptThread>;
  readonly #feed: ChangeFeed;
  readonly #db: Db;

  constructor(feed: ChangeFeed, db: Db) {
    this.#feed = feed;
    this.#db = db;
    this.#rows = new ReadCache<KeptThread>(feed.versions, MAX_THREADS);
  }

  /** How `request` reads a thread's row: kept, or read from the database (and kept when it may be). */
  rowFor(request: FastifyRequest): (query: ThreadQuery) => Promise<ThreadRow | undefined> {
    return (query) => this.#row(query, cachesReady(request));
  }

  async #row(query: ThreadQuery, ready: Promise<boolean>): Promise<ThreadRow | undefined> {
    const usable = await ready;
    const key = `${query.requestId} ${query.threadVendorId} ${query.toManagers} ${query.toVendor}`;
    const kept = usable ? this.#rows.get(key) : undefined;
    if (kept !== undefined) return kept.row;
    const stamp = this.#feed.versions.stamp();
    const row = await readThreadRow(this.#db, query);
    if (usable && row !== undefined && (query.threadVendorId === null || row.vendor !== null)) {
      this.#rows.set(key, { row, tags: threadTags(query, row), stamp });
    }
    return row;
  }
}

function threadTags(query: ThreadQuery, row: ThreadRow): string[] {
  const people = new Set([row.createdById, ...row.managerIds]);
  if (row.vendor !== null) people.add(row.vendor.id);
  const tags = [cacheTag.request(query.requestId), ...[...people].map(cacheTag.user)];
  if (row.clientId !== null) tags.push(cacheTag.clientManagers(row.clientId));
  for (const recipient of row.recipients)
    tags.push(cacheTag.user(recipient.id), cacheTag.notificationFacts(recipient.id));
  return tags;
}
