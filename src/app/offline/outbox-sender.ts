import { backoffDelay } from './outbox-backoff.ts';
import { NETWORK_FAILURE, type SendOutcome } from './outbox-outcome.ts';
import {
  acknowledge,
  clearBackoff,
  markSending,
  nextToSend,
  recordRefusal,
  recordTransientFailure,
  releaseSending,
} from './outbox-store.ts';
import type { OutboxItem, UserDb } from './user-db.ts';

/** One write as it goes on the wire. */
export interface OutboxRequest {
  method: OutboxItem['method'];
  path: string;
  idempotencyKey: string;
  body: Record<string, unknown>;
  /** Multipart files; empty for a JSON write. */
  files: Array<{ field: string; blob: Blob; name: string }>;
}

export type OutboxTransport = (request: OutboxRequest) => Promise<SendOutcome>;

export interface OutboxSenderOptions {
  db: UserDb;
  transport: OutboxTransport;
  now?: () => number;
  random?: () => number;
  /** False while the browser knows it is offline: then nothing is tried until the `online` event. */
  isOnline?: () => boolean;
  /**
   * Runs `send` holding a lock shared by the tabs of this user (Web Locks), so two tabs never send
   * the same write at once; resolves without running it when another tab holds the lock.
   */
  withLock?: (send: () => Promise<void>) => Promise<void>;
  /** Runs `callback` after `ms` (setTimeout by default); returns a function that cancels it. */
  setTimer?: (callback: () => void, ms: number) => () => void;
  /** Every write that got a final answer (2xx or refusal), after the outbox has recorded it. */
  onSettled?: (item: OutboxItem, outcome: SendOutcome) => void;
  /** A send failed for now; the write waits (backoff, offline, or signed out). */
  onDeferred?: (item: OutboxItem, outcome: SendOutcome) => void;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Sends the outbox in order, one write in flight at a time. A write is marked `sending` before it
 * goes out and leaves the outbox only when the server has answered, so a crash in between leaves it
 * `sending` and the next run sends it again with the SAME Idempotency-Key (the server answers the
 * first result instead of writing twice). Transient failures back off with jitter and hold the
 * writes behind them (order is kept); refusals are kept for the user and the queue moves on.
 */
export class OutboxSender {
  private readonly options: Required<Omit<OutboxSenderOptions, 'onSettled' | 'onDeferred'>> &
    Pick<OutboxSenderOptions, 'onSettled' | 'onDeferred'>;
  private running: Promise<void> | null = null;
  private again = false;
  private againImmediate = false;
  private cancelTimer: (() => void) | null = null;
  private stopped = false;
  private pausedForSignIn = false;

  constructor(options: OutboxSenderOptions) {
    this.options = {
      now: Date.now,
      random: Math.random,
      isOnline: browserOnline,
      withLock: (send) => send(),
      setTimer: (callback, ms) => {
        const handle = setTimeout(callback, ms);
        return () => clearTimeout(handle);
      },
      ...options,
    };
  }

  /** Waiting for a sign-in after the server answered 401. */
  get paused(): boolean {
    return this.pausedForSignIn;
  }

  /**
   * Sends what is due. `immediate` (app open, back online, visible again, a user's "retry now")
   * forgets the backoff so the first write goes now. Concurrent calls share one run.
   */
  flush(options: { immediate?: boolean } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.againImmediate ||= options.immediate === true;
      return this.running;
    }
    this.running = this.runUntilIdle(options.immediate === true).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After a new sign-in of the same user: the paused queue may go on. */
  resume(): Promise<void> {
    this.pausedForSignIn = false;
    return this.flush({ immediate: true });
  }

  /** Sign-out or user switch: nothing more is sent. A write in flight stays `sending` (replayed later). */
  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** Resolves when the current run (if any) is over; for tests and sign-out. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async runUntilIdle(immediate: boolean): Promise<void> {
    let nextImmediate = immediate;
    do {
      this.again = false;
      const runImmediate = nextImmediate;
      await this.options.withLock(() => this.sendDue(runImmediate));
      nextImmediate = this.againImmediate;
      this.againImmediate = false;
    } while (this.again && !this.stopped);
  }

  private async sendDue(immediate: boolean): Promise<void> {
    const { db } = this.options;
    if (immediate) await clearBackoff(db);
    while (!this.stopped && !this.pausedForSignIn) {
      if (!this.options.isOnline()) return;
      const item = await nextToSend(db);
      if (!item) return;
      const wait = item.nextAttemptAt - this.options.now();
      if (wait > 0) {
        this.schedule(wait);
        return;
      }
      await markSending(db, item.seq);
      const outcome = await this.sendOne(item);
      // Stopped while the write was in flight (sign-out): leave it `sending`; the next run of this
      // user replays it with the same key and learns the answer then.
      if (this.stopped) return;
      if (!(await this.record(item, outcome))) return;
    }
  }

  private async sendOne(item: OutboxItem): Promise<SendOutcome> {
    const { db } = this.options;
    const files: OutboxRequest['files'] = [];
    for (const field of item.photos) {
      const photo = await db.pendingPhotos.get(field.photoId);
      if (!photo) {
        return {
          kind: 'refused',
          refusal: {
            status: 0,
            code: 'PHOTO_MISSING',
            message: 'A photo of this write is no longer on this device.',
            fieldErrors: {},
          },
        };
      }
      files.push({ field: field.field, blob: photo.blob, name: photo.name });
    }
    try {
      return await this.options.transport({
        method: item.method,
        path: item.path,
        idempotencyKey: item.key,
        body: item.body,
        files,
      });
    } catch (error) {
      return {
        kind: 'transient',
        reason: error instanceof Error ? error.message : NETWORK_FAILURE,
        retryAfterMs: null,
      };
    }
  }

  /** Stores the outcome; true when the sender may go on with the next write. */
  private async record(item: OutboxItem, outcome: SendOutcome): Promise<boolean> {
    const { db } = this.options;
    switch (outcome.kind) {
      case 'acknowledged':
        await acknowledge(db, item);
        this.options.onSettled?.(item, outcome);
        return true;
      case 'refused':
        await recordRefusal(db, item, outcome.refusal);
        this.options.onSettled?.(item, outcome);
        return true;
      case 'unauthorized':
        await releaseSending(db, item, 'Sign in again to send this.');
        this.pausedForSignIn = true;
        this.options.onDeferred?.(item, outcome);
        return false;
      case 'transient': {
        const delay = backoffDelay(item.attempts + 1, this.options.random, outcome.retryAfterMs);
        await recordTransientFailure(db, item, outcome.reason, this.options.now() + delay);
        this.options.onDeferred?.(item, outcome);
        this.schedule(delay);
        return false;
      }
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.cancelTimer?.();
    this.cancelTimer = this.options.setTimer(() => {
      this.cancelTimer = null;
      void this.flush();
    }, delay);
  }
}
