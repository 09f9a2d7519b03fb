// The PGlite worker thread (started by pglite-worker-client.ts through pglite-worker-entry.mjs).
// PGlite is PostgreSQL compiled to WASM: a query runs synchronously on the thread that owns it. Here
// that thread is this one, so a slow query no longer holds up the server's event loop.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { type PgliteTarget, PreparedStatements } from './pglite-prepared.ts';
import type { SerializedError, WorkerInit, WorkerMessage, WorkerRequest } from './pglite-worker-protocol.ts';

const port = parentPort!;
const init = workerData as WorkerInit;

function post(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), database: false, fields: {} };
  const fields: SerializedError['fields'] = {};
  // PostgreSQL's fields (code, detail, constraint, table...) are own primitive properties; PGlite
  // also attaches the query's options, whose parsers are functions and cannot cross.
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return {
    message: error.message,
    stack: error.stack,
    database: error instanceof messages.DatabaseError,
    fields,
  };
}

// Drizzle's parsers keep some types as PostgreSQL's text; they cross as OIDs and are rebuilt once.
const keepText = (value: string) => value;
const parsersByKey = new Map<string, QueryOptions['parsers']>();
function textParsers(textTypes: number[] | undefined): QueryOptions['parsers'] {
  if (!textTypes || textTypes.length === 0) return undefined;
  const key = textTypes.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, keepText]));
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: resolved it commits, rejected it rolls back. */
  finish: (commit: boolean) => void;
  /** Settles once COMMIT or ROLLBACK has run (rejects when COMMIT failed). */
  ended: Promise<void>;
}

/** The reason a transaction's callback is rejected with to roll it back on request. */
const ROLLBACK_REQUESTED = Symbol('rollback requested');
const transactions = new Map<number, OpenTransaction>();
const prepared = new PreparedStatements();
/**
 * Transactions asked for and not yet begun (another one holds PGlite): the client sends a
 * transaction's first statement right behind its BEGIN, without waiting for BEGIN's answer (a hop
 * between the threads less per transaction), so that statement waits here for it.
 */
const beginning = new Map<number, Promise<void>>();
const unlisteners = new Map<number, () => Promise<void>>();

/**
 * Opens a transaction with PGlite's own `transaction()`, held open across messages: PGlite then
 * keeps every statement outside it waiting until it ends, as it did on the server's thread, and
 * does its own COMMIT/ROLLBACK bookkeeping (an aborted transaction's COMMIT is an error).
 */
function begin(db: PGlite, id: number): Promise<void> {
  return new Promise<void>((begun, failedToBegin) => {
    let opened = false;
    const ended: Promise<void> = db
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            const finish = (commit: boolean) => (commit ? resolve() : reject(ROLLBACK_REQUESTED));
            transactions.set(id, { tx, finish, ended });
            opened = true;
            begun();
          }),
      )
      .finally(() => transactions.delete(id));
    ended.catch((error: unknown) => {
      if (!opened) failedToBegin(error);
    });
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  open.finish(commit);
  try {
    await open.ended;
  } catch (error) {
    if (error !== ROLLBACK_REQUESTED) throw error;
  }
}

async function handle(
  db: PGlite,
  request: WorkerRequest,
): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.kind) {
    case 'query': {
      const options: QueryOptions = { rowMode: request.rowMode, parsers: textParsers(request.textTypes) };
      let target: PgliteTarget = db;
      if (request.tx !== undefined) {
        // A BEGIN that failed leaves no open transaction: the statement then fails below.
        await beginning.get(request.tx)?.catch(() => {});
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        target = open.tx;
      }
      const { rows, fields, affectedRows } = await prepared.query(
        target,
        request.sql,
        request.params,
        options,
        request.tx !== undefined,
      );
      return { value: { rows, fields, affectedRows } };
    }
    case 'exec': {
      const results = await db.exec(request.sql);
      return { value: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) };
    }
    case 'begin': {
      const begun = begin(db, request.id);
      beginning.set(request.id, begun);
      try {
        await begun;
      } finally {
        beginning.delete(request.id);
      }
      return { value: null };
    }
    case 'commit':
    case 'rollback':
      await end(request.tx, request.kind === 'commit');
      return { value: null };
    case 'listen': {
      const listener = request.id;
      // Posted from PGlite's microtask while it reads the committing statement's result, so the
      // notification reaches the server's thread ahead of that statement's answer (same port).
      const unlisten = await db.listen(request.channel, (payload) =>
        post({ kind: 'notify', listener, payload }),
      );
      unlisteners.set(listener, unlisten);
      return { value: null };
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      await unlisten?.();
      return { value: null };
    }
    case 'dump': {
      const tarball = await (await db.dumpDataDir('none')).arrayBuffer();
      return { value: tarball, transfer: [tarball] };
    }
    case 'close':
      await db.close();
      return { value: null };
  }
}

/**
 * This thread's nice value, above the server thread's 0: when both want the CPU, the event loop
 * comes first, so requests without a query keep their pace while queries run (the bench's stall
 * row). On Linux the nice value is per thread, and setPriority(…) without a pid sets the caller's.
 */
const WORKER_NICENESS = 5;

async function start(): Promise<void> {
  try {
    setPriority(WORKER_NICENESS);
  } catch {
    // Not permitted (some sandboxes): the thread keeps the process's priority.
  }
  let db: PGlite;
  try {
    const options = { loadDataDir: init.loadDataDir ? new Blob([init.loadDataDir]) : undefined };
    db = init.dataDir ? await PGlite.create(init.dataDir, options) : await PGlite.create(options);
  } catch (error) {
    // The server's thread rejects its open and ends this thread.
    post({ kind: 'failed', error: serializeError(error) });
    return;
  }
  // Each request starts as it arrives: PGlite's own locks run them in arrival order, one at a time,
  // and a statement outside an open transaction waits until that transaction ends.
  port.on('message', (request: WorkerRequest) => {
    handle(db, request).then(
      ({ value, transfer }) => post({ kind: 'reply', id: request.id, ok: true, value }, transfer),
      (error: unknown) => post({ kind: 'reply', id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  post({ kind: 'ready' });
}

await start();
