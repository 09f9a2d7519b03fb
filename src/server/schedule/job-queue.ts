import { sql } from 'drizzle-orm';
import { type ConstructorOptions, fromPglite, type Job, PgBoss, type QueuePolicy } from 'pg-boss';
import type { Database } from '#server/db/database.ts';
import { queryRows } from '#server/db/query-rows.ts';
import type { AdminFailedJob, AdminJobKind } from '#shared/admin-jobs.ts';
import { JOB_QUEUE_SCHEMA } from './job-queue-schema.ts';

/**
 * What a key promises for a kind whose jobs carry one: `queued-once`, one job per key waiting
 * (a second send while it waits is dropped); `one-at-a-time`, besides that, one per key running,
 * whatever the number of processes (a periodic pass never overlaps itself).
 */
export type JobKeyRule = 'queued-once' | 'one-at-a-time';

export interface JobKind<Data extends object = object> {
  name: string;
  /** Omitted: jobs of this kind are never merged, key or not. */
  key?: JobKeyRule;
  /** Attempts after the first one fails (default 3); 0: a failure is final. */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled for each later one when `backoff`. */
  retryDelaySeconds?: number;
  /** Default true. */
  backoff?: boolean;
  /** A job running longer than this is taken for lost (its process died) and retried (default 15 min). */
  expireInSeconds?: number;
  /** How often an idle worker looks for due jobs of this kind (default 2 s, at least 0.5 s). */
  pollSeconds?: number;
  /** How long a finished or failed job is kept (default 7 days). */
  keepSeconds?: number;
  run(data: Data, job: { id: string; attempt: number }): Promise<unknown>;
}

export interface SendOptions {
  /** Jobs of a kind with a key rule are merged by this key (a kind without one ignores it). */
  key?: string;
  /** Not before this time, or this many seconds from now. */
  after?: Date | number;
  /**
   * Wakes this process's worker of the kind to take the job at once rather than at its next poll
   * (other processes' workers still find it at theirs).
   */
  wake?: boolean;
}

export interface JobQueueLog {
  error(object: object, message: string): void;
}

export interface JobQueueOptions {
  /** How often the cron clock looks for a due schedule, in seconds (default 30; tests: 1). */
  cronSeconds?: number;
  /** How long stop() waits for running jobs before it hands them back for a retry (default 10 s). */
  stopTimeoutMs?: number;
  /** How often jobs running past their kind's expireInSeconds are taken back (default 60 s; tests: 1). */
  superviseSeconds?: number;
}

const POLICY: Record<JobKeyRule | 'none', QueuePolicy> = {
  none: 'standard',
  'queued-once': 'short',
  'one-at-a-time': 'stately',
};

/** The message a failed job's error was stored with (pg-boss keeps the thrown error as JSON). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message;
  return output === null || output === undefined ? 'no error recorded' : JSON.stringify(output);
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/**
 * The one queue for timed and deferred work: pg-boss on the application's own database. On
 * PostgreSQL it keeps a small pool of its own on the same URL; on the embedded database it goes
 * through the worker client of the thread that owns PGlite (pg-boss's PGlite adapter), so there is
 * one queue implementation for both. Jobs are claimed with SKIP LOCKED: any number of processes
 * share the work and none runs a job another holds. Its tables are a committed migration
 * (drizzle/0028_job_queue.sql), so pg-boss starts with migrate: false and refuses a schema of
 * another version.
 *
 * Kinds are defined before start(); start() creates their queues, starts their workers and sends
 * the first passes of periodic work. stop() stops taking jobs, waits for the running ones up to
 * `stopTimeoutMs`, and hands back those still running (failed with a retry, for another process).
 */
export class JobQueue {
  readonly #database: Database;
  readonly #log: JobQueueLog;
  readonly #options: JobQueueOptions;
  readonly #kinds = new Map<string, JobKind>();
  readonly #firstPasses: { name: string; key: string; afterSeconds: number }[] = [];
  readonly #schedules: { name: string; cron: string }[] = [];
  #boss: PgBoss | null = null;
  /** This process's worker of each kind (pg-boss's worker id), which `send` may wake. */
  readonly #workers = new Map<string, string>();
  #started: Promise<void> | null = null;

  constructor(database: Database, log: JobQueueLog, options: JobQueueOptions = {}) {
    this.#database = database;
    this.#log = log;
    this.#options = options;
  }

  /** Registers a kind and its handler; before start(). */
  define<Data extends object>(kind: JobKind<Data>): void {
    if (this.#started) throw new Error(`job kind ${kind.name} defined after the queue started`);
    if (this.#kinds.has(kind.name)) throw new Error(`job kind ${kind.name} is defined twice`);
    this.#kinds.set(kind.name, kind as unknown as JobKind);
  }

  /**
   * Work that repeats every `everyMs`, first `firstMs` after start, one pass at a time across every
   * process: each pass queues the next one (keyed, so all processes together keep one waiting)
   * before it runs, so a process that dies mid-pass leaves the next pass queued for another. A failed
   * pass is kept in the failed list for staff; the next one runs on time.
   */
  every(task: { name: string; firstMs: number; everyMs: number; run(): Promise<unknown> }): void {
    const key = 'next-pass';
    const afterSeconds = Math.max(1, Math.round(task.everyMs / 1000));
    this.define({
      name: task.name,
      key: 'one-at-a-time',
      retryLimit: 0,
      pollSeconds: Math.min(30, Math.max(0.5, task.everyMs / 2000)),
      keepSeconds: 24 * 3600,
      run: async () => {
        await this.send(task.name, {}, { key, after: afterSeconds });
        await task.run();
      },
    });
    this.#firstPasses.push({ name: task.name, key, afterSeconds: Math.max(0, task.firstMs / 1000) });
  }

  /** A job of `name` at every time the cron expression names (5 fields, or 6 with seconds), in UTC. */
  schedule(name: string, cron: string): void {
    if (this.#started) throw new Error(`schedule of ${name} added after the queue started`);
    this.#schedules.push({ name, cron });
  }

  /** Queues a job; null when a job of the same kind and key already waits (nothing is added). */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    const boss = await this.#running();
    const after = options.after;
    const id = await boss.send(name, data, {
      ...(options.key === undefined ? {} : { singletonKey: options.key }),
      ...(after === undefined ? {} : { startAfter: after instanceof Date ? after : Math.max(0, after) }),
    });
    const worker = this.#workers.get(name);
    if (options.wake && worker !== undefined) boss.notifyWorker(worker);
    return id;
  }

  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    const connection = this.#database.connection;
    const common: ConstructorOptions = {
      schema: JOB_QUEUE_SCHEMA,
      migrate: false,
      schedule: this.#schedules.length > 0,
      ...(this.#options.superviseSeconds ? { superviseIntervalSeconds: this.#options.superviseSeconds } : {}),
      ...(this.#options.cronSeconds
        ? {
            cronMonitorIntervalSeconds: this.#options.cronSeconds,
            cronWorkerIntervalSeconds: this.#options.cronSeconds,
          }
        : {}),
    };
    const boss =
      connection.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: connection.url, max: 3 })
        : new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' });
    boss.on('error', (error) => this.#log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.#boss = boss;
    const existing = new Map(
      (await boss.getQueues([...this.#kinds.keys()])).map((queue) => [queue.name, queue]),
    );
    for (const kind of this.#kinds.values()) {
      const queue = {
        policy: POLICY[kind.key ?? 'none'],
        retryLimit: kind.retryLimit ?? 3,
        retryDelay: kind.retryDelaySeconds ?? 30,
        retryBackoff: kind.backoff ?? true,
        expireInSeconds: kind.expireInSeconds ?? 15 * 60,
        deleteAfterSeconds: kind.keepSeconds ?? 7 * 24 * 3600,
      };
      const { policy, ...changeable } = queue;
      const stored = existing.get(kind.name);
      if (!stored) await boss.createQueue(kind.name, queue);
      else if (stored.policy !== policy)
        throw new Error(`job kind ${kind.name} changed its key rule: a new kind needs a new name`);
      else if (
        Object.entries(changeable).some(([name, value]) => stored[name as keyof typeof stored] !== value)
      )
        await boss.updateQueue(kind.name, changeable);
    }
    for (const kind of this.#kinds.values()) {
      const worker = await boss.work<object>(
        kind.name,
        { pollingIntervalSeconds: kind.pollSeconds ?? 2, batchSize: 1 },
        async ([job]: Job<object>[]) => {
          if (!job) return;
          try {
            await kind.run(job.data, {
              id: job.id,
              attempt: (job as { retryCount?: number }).retryCount ?? 0,
            });
          } catch (error) {
            this.#log.error({ err: error, job: job.id }, `job ${kind.name} failed`);
            throw error;
          }
        },
      );
      this.#workers.set(kind.name, worker);
    }
    for (const pass of this.#firstPasses)
      await boss.send(pass.name, {}, { singletonKey: pass.key, startAfter: pass.afterSeconds });
    for (const { name, cron } of this.#schedules) await boss.schedule(name, cron);
  }

  async #running(): Promise<PgBoss> {
    if (!this.#started) throw new Error('the job queue has not started');
    await this.#started;
    if (!this.#boss) throw new Error('the job queue has stopped');
    return this.#boss;
  }

  /** pg-boss itself, for what this class does not wrap (tests fetch and fail jobs by hand). */
  async library(): Promise<PgBoss> {
    return this.#running();
  }

  /** Each kind's jobs by state, live (not the library's cached counts). */
  async depth(): Promise<AdminJobKind[]> {
    await this.#running();
    return queryRows<AdminJobKind>(
      this.#database.db,
      sql`
      select q.name as kind,
        count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as ready,
        count(j.id) filter (where j.state < 'active' and j.start_after > now())::int as deferred,
        count(j.id) filter (where j.state = 'active')::int as active,
        count(j.id) filter (where j.state = 'failed')::int as failed
      from ${sql.identifier(JOB_QUEUE_SCHEMA)}.queue q
      left join ${sql.identifier(JOB_QUEUE_SCHEMA)}.job j on j.name = q.name
      group by q.name
      order by q.name`,
    );
  }

  /** The jobs that failed for good, newest first. */
  async failures(limit: number): Promise<AdminFailedJob[]> {
    await this.#running();
    const rows = await queryRows<{
      id: string;
      kind: string;
      output: unknown;
      attempts: number;
      created_on: unknown;
      completed_on: unknown;
    }>(
      this.#database.db,
      sql`
      select id::text as id, name as kind, output, retry_count + 1 as attempts, created_on, completed_on
      from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
      where state = 'failed'
      order by completed_on desc nulls last, id
      limit ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      error: errorText(row.output),
      attempts: Number(row.attempts),
      created_at: iso(row.created_on) ?? '',
      failed_at: iso(row.completed_on),
    }));
  }

  /** Queues a failed job again, now; false when no failed job of that kind has this id. */
  async retry(name: string, id: string): Promise<boolean> {
    const boss = await this.#running();
    if (!(await this.#isFailed(name, id))) return false;
    await boss.retry(name, id);
    return true;
  }

  /** Deletes a failed job; false when no failed job of that kind has this id. */
  async discard(name: string, id: string): Promise<boolean> {
    const boss = await this.#running();
    if (!(await this.#isFailed(name, id))) return false;
    await boss.deleteJob(name, id);
    return true;
  }

  async #isFailed(name: string, id: string): Promise<boolean> {
    const rows = await queryRows(
      this.#database.db,
      sql`select 1 from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
        where name = ${name} and id = ${id}::uuid and state = 'failed'`,
    );
    return rows.length > 0;
  }

  /**
   * Stops taking jobs and waits for the running ones, up to `stopTimeoutMs`; those still running
   * then are handed back (failed with their retry, for another process). Safe to call twice.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => {});
    // Running jobs may still send (a periodic pass queues its successor): the library stays
    // reachable until its stop has returned.
    await this.#boss?.stop({ graceful: true, timeout: this.#options.stopTimeoutMs ?? 10_000 });
    this.#boss = null;
  }
}
