import { ANYONE, CachedRead } from '#server/cache/cached-read.ts';
import type { ChangeFeed } from '#server/cache/change-feed.ts';
import { type ReadDep, readDep } from '#server/cache/read-deps.ts';
import type { Db } from '#server/db/database.ts';
import { readThreadRow, type ThreadQuery, type ThreadRow } from './message-thread.ts';

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
  readonly #rows: CachedRead<ThreadRow | undefined>;
  readonly #db: Db;

  constructor(feed: ChangeFeed, db: Db) {
    this.#db = db;
    this.#rows = new CachedRead<ThreadRow | undefined>('thread access', feed.versions, MAX_THREADS);
  }

  /**
   * How a request reads a thread's row: kept, or read from the database (and kept when it may be).
   * `cachesUsable` is the request's one wait for the change feed (cache/request-ready.ts).
   */
  rowFor(cachesUsable: Promise<boolean>): (query: ThreadQuery) => Promise<ThreadRow | undefined> {
    return async (query) =>
      this.#rows.read({
        // Not the asker's: the access is decided from the row on every call (loadThreadAccess).
        asker: ANYONE,
        query: [query.requestId, query.threadVendorId, query.toManagers, query.toVendor],
        usable: await cachesUsable,
        load: async () => {
          const row = await readThreadRow(this.#db, query);
          return {
            value: row,
            deps: row === undefined ? [] : threadDeps(query, row),
            keep: row !== undefined && (query.threadVendorId === null || row.vendor !== null),
          };
        },
      });
  }
}

function threadDeps(query: ThreadQuery, row: ThreadRow): ReadDep[] {
  const people = new Set([row.createdById, ...row.managerIds]);
  if (row.vendor !== null) people.add(row.vendor.id);
  const deps = [readDep.request(query.requestId), ...[...people].map(readDep.user)];
  // The property only for its client (a property moving to another client announces everything).
  if (row.projectId !== null) deps.push(readDep.property(row.projectId));
  if (row.clientId !== null) deps.push(readDep.clientManagers(row.clientId));
  for (const recipient of row.recipients)
    deps.push(readDep.user(recipient.id), readDep.notificationFacts(recipient.id));
  return deps;
}
