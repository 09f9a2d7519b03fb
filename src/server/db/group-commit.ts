/**
 * Group commit: writes of one kind that arrive while such a write is in flight are held and then
 * written together, as one statement (POST message and POST bid). PostgreSQL commits
 * every transaction that sends a notification (each write here does: the cache triggers, the
 * real-time events) under one lock per database, held through the commit's WAL flush, so those
 * commits run one at a time whatever the number of connections; a statement that writes ten
 * messages takes that turn once, and its plan, its triggers (statement-level) and its flush once.
 *
 * A lone write is not held: with nothing in flight it goes at once. A batch that fails is not
 * answered by its failure: each of its writes is tried again alone, so a write that would have
 * succeeded alone succeeds, and one that fails gets its own error.
 */
export interface GroupCommitOptions<Item> {
  /** The most writes one statement takes. */
  maxBatch: number;
  /** How many statements may be in flight at once: one can run while another commits. */
  maxInFlight: number;
  /**
   * Writes that share a key never share a statement (an Idempotency-Key of a user, which one
   * statement's `ON CONFLICT DO UPDATE` may touch once; a vendor's bid on a request, unique); the
   * later waits for the next batch.
   */
  exclusiveKeys?: (item: Item) => readonly string[];
  /**
   * Told when a statement of more than one write failed, before each is tried alone: the retry
   * hides the failure from the callers, so a statement broken only for batches would otherwise
   * show as nothing but a slower route.
   */
  onBatchFailure?: (error: unknown, size: number) => void;
}

interface Pending<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<Item, Result> {
  private readonly queue: Pending<Item, Result>[] = [];
  private inFlight = 0;

  /** `write` writes the items in one statement and answers their results in the items' order. */
  constructor(
    private readonly write: (items: readonly Item[]) => Promise<readonly Result[]>,
    private readonly options: GroupCommitOptions<Item>,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /** The oldest waiting writes, in arrival order, up to `maxBatch`, none sharing an exclusive key. */
  private takeBatch(): Pending<Item, Result>[] {
    const { maxBatch, exclusiveKeys } = this.options;
    if (exclusiveKeys === undefined) return this.queue.splice(0, maxBatch);
    const batch: Pending<Item, Result>[] = [];
    const keys = new Set<string>();
    let index = 0;
    while (index < this.queue.length && batch.length < maxBatch) {
      const pending = this.queue[index]!;
      const itemKeys = exclusiveKeys(pending.item);
      const waits = itemKeys.some((key) => keys.has(key));
      // A write that waits keeps its keys taken too: one sharing a key with it must not pass it.
      for (const key of itemKeys) keys.add(key);
      if (waits) {
        index += 1;
        continue;
      }
      batch.push(pending);
      this.queue.splice(index, 1);
    }
    return batch;
  }

  private async run(batch: Pending<Item, Result>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((pending) => pending.item));
      for (const [index, pending] of batch.entries()) pending.resolve(results[index]!);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      this.options.onBatchFailure?.(error, batch.length);
      // Which write failed the statement is not known: each is tried alone for its own answer.
      await Promise.all(batch.map((pending) => this.run([pending])));
    }
  }
}

/**
 * A batched statement's rows in its items' order, each row naming its item's place by `ordOf`
 * (the `batch_ord` the items were sent with); undefined for an item without a row.
 */
export function inItemOrder<Row>(
  rows: readonly Row[],
  count: number,
  ordOf: (row: Row) => unknown,
): (Row | undefined)[] {
  const byOrd = new Map(rows.map((row) => [Number(ordOf(row)), row]));
  return Array.from({ length: count }, (_, ord) => byOrd.get(ord));
}
