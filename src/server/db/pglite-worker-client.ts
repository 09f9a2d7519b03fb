import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { SerializedError, WorkerInit, WorkerMessage, WorkerRequest } from './pglite-worker-protocol.ts';

const ENTRY = new URL('./pglite-worker-entry.mjs', import.meta.url);

/** SQLSTATE connection_failure: the error handler answers it with 503 DATABASE_UNAVAILABLE. */
const CONNECTION_FAILURE = '08006';

/** What runs inside `transaction()`: the statements of that transaction only. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  readonly closed: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

function rebuildError(serialized: SerializedError): Error {
  // Rebuilt as what PGlite throws on this thread, so `code`, `constraint` and `instanceof` still hold.
  const error = serialized.database
    ? new messages.DatabaseError(serialized.message, 0, 'error')
    : new Error(serialized.message);
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

/** The worker crashed or ended unasked: the database is unavailable, not the request wrong. */
function workerEnded(cause: Error): Error {
  return Object.assign(new Error('The embedded database stopped: its worker thread ended', { cause }), {
    code: CONNECTION_FAILURE,
  });
}

const textTypesByParsers = new WeakMap<NonNullable<QueryOptions['parsers']>, number[]>();

/**
 * The OIDs a query's parsers keep as text. Functions cannot cross to the worker; Drizzle's parsers
 * (drizzle-orm/pglite/session.js) only keep dates, intervals and numeric arrays as PostgreSQL wrote
 * them, so that is all the worker rebuilds, and anything else is refused rather than ignored.
 */
function textTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (unsupported.length > 0)
    throw new Error(
      `The PGlite worker does not take the query options ${unsupported.map(([key]) => key).join(', ')}`,
    );
  if (!parsers) return undefined;
  let types = textTypesByParsers.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse('1', Number(type)) !== '1')
        throw new Error(`The PGlite worker only keeps type ${type} as text`);
      return Number(type);
    });
    textTypesByParsers.set(parsers, types);
  }
  return types;
}

/**
 * PGlite in a worker thread, with the part of PGlite's interface that drizzle-orm/pglite and
 * pglite-database.ts use. The server's thread only posts statements and reads their rows, so a
 * slow query leaves it free to answer other requests (while five connections paged the
 * jobs list, a route without a query served 2% of its ceiling).
 */
export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** Set once the worker is closed or gone: every later call fails with it. */
  #gone: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerMessage) => this.#receive(message));
    worker.on('error', (error) => this.#fail(workerEnded(error)));
    worker.on('exit', (code) =>
      this.#fail(workerEnded(new Error(`the PGlite worker exited with code ${code}`))),
    );
    // An idle database keeps no process alive (a CLI that forgets to close still ends); a pending
    // call refs the worker again so that the process waits for its answer.
    worker.unref();
  }

  /** Starts the worker and opens PGlite in it (`dataDir` undefined: in memory). */
  static async start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteWorkerClient> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const init: WorkerInit = { dataDir: options.dataDir, loadDataDir };
    const worker = new Worker(ENTRY, { workerData: init, transferList: loadDataDir ? [loadDataDir] : [] });
    // Only this function's own listeners come off afterwards: Worker keeps internal ones of its own.
    let onMessage: (message: WorkerMessage) => void = () => {};
    let onError: (error: Error) => void = () => {};
    let onExit: (code: number) => void = () => {};
    try {
      await new Promise<void>((resolve, reject) => {
        onMessage = (message) => {
          if (message.kind === 'ready') resolve();
          else if (message.kind === 'failed') reject(rebuildError(message.error));
        };
        onError = reject;
        onExit = (code) => reject(new Error(`the PGlite worker exited with code ${code} while opening`));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    return new PgliteWorkerClient(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(undefined, sql, params, options);
  }

  /**
   * Runs a script of statements without parameters, as PGlite's `exec` does: one result per
   * statement. A script that holds its own BEGIN and COMMIT is one turn of PGlite's lock.
   */
  exec(sql: string): Promise<Results[]> {
    return this.#call<Results[]>((id) => ({ id, kind: 'exec', sql })).answer;
  }

  /**
   * Runs `callback` in one transaction: BEGIN, its statements, then COMMIT, or ROLLBACK when it
   * throws. Statements sent outside it meanwhile wait in the worker until it ends (PGlite has one
   * connection), so a transaction must not wait on a query of its own outside itself.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    // BEGIN's answer is not waited for: the worker holds this transaction's statements until it has
    // begun, so the first one leaves at once (one hop between the threads less per transaction; a
    // write's statements each wait for a turn of this thread's busy event loop). A failed
    // BEGIN fails those statements, and its own error is thrown below.
    const { id: txId, answer: begun } = this.#call((id) => ({ id, kind: 'begin' }));
    begun.catch(() => {});
    let closed = false;
    const tx: WorkerTransaction = {
      query: (sql, params = [], options) =>
        closed ? Promise.reject(new Error('Transaction is closed')) : this.#query(txId, sql, params, options),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await begun;
      await this.#call((id) => ({ id, kind: 'rollback', tx: txId })).answer;
      throw error;
    }
    closed = true;
    await begun;
    await this.#call((id) => ({ id, kind: 'commit', tx: txId })).answer;
    return result;
  }

  /** LISTENs on `channel`; the returned function stops. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const { id: listener, answer } = this.#call((id) => ({ id, kind: 'listen', channel }));
    this.#listeners.set(listener, callback);
    try {
      await answer;
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(listener)) return;
      await this.#call((id) => ({ id, kind: 'unlisten', listener })).answer;
    };
  }

  /** The data directory as an uncompressed tarball. */
  async dumpDataDir(): Promise<Blob> {
    const tarball = await this.#call<ArrayBuffer>((id) => ({ id, kind: 'dump' })).answer;
    return new Blob([tarball]);
  }

  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      await this.#call((id) => ({ id, kind: 'close' })).answer;
    } finally {
      this.#fail(new Error('PGlite is closed'));
      await this.#worker.terminate();
    }
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let types: number[] | undefined;
    try {
      types = textTypes(options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#call<Results<T>>((id) => ({
      id,
      kind: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes: types,
    })).answer;
  }

  #call<T = null>(build: (id: number) => WorkerRequest): { id: number; answer: Promise<T> } {
    const id = this.#nextId++;
    if (this.#gone) return { id, answer: Promise.reject(this.#gone) };
    try {
      // Throws on what structured clone cannot copy (a function among the parameters).
      this.#worker.postMessage(build(id));
    } catch (error) {
      return { id, answer: Promise.reject(error) };
    }
    if (this.#pending.size === 0) this.#worker.ref();
    const answer = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    return { id, answer };
  }

  #receive(message: WorkerMessage): void {
    if (message.kind === 'notify') {
      this.#listeners.get(message.listener)?.(message.payload);
      return;
    }
    if (message.kind !== 'reply') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(rebuildError(message.error));
  }

  /** The worker is gone (closed, or it crashed): every pending and later call fails with `error`. */
  #fail(error: Error): void {
    if (this.#gone) return;
    this.#gone = error;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#listeners.clear();
    for (const call of pending) call.reject(this.#gone);
  }
}
